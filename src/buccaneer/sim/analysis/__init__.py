"""`buccaneer analyze`: many games played for a balance report (who wins from which seat, how
long games last, how often leaders hold on, options side by side, luck against skill), with the
data behind every figure as CSV and Parquet."""

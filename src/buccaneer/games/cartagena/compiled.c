/* A compiled copy of Cartagena's rules for random and heuristic playouts (issue 14, parts 1-2).
 *
 * The Python engine (rules.py) is the rulebook; this file is a checked copy of it: the same
 * setup from a seed, the same chance stream (SplitMix64, core/rng.py), the same legal-action
 * order, the same effects of each action, draws, reshuffles, the Tortuga open row, the win and
 * the dead-position ending (docs/rulings.md).  tests/games/cartagena/test_kernel.py compares the two
 * action by action.
 *
 * A random policy both sides can reproduce: at each decision the legal action with index
 * policy.below(len(legal)) is taken, `policy` being a separate SplitMix64 stream.  And the
 * heuristic bot (bot.py), a checked copy of it too, for ISMCTS's heuristic rollouts
 * (tests/games/cartagena/test_kernel_heuristic.py compares the two decision by decision).
 * And whole random games dealt and played many per call with what an analysis reads of their
 * course (`games`, for GameSpec.fast_random_games; tests/games/cartagena/test_kernel_games.py
 * replays them in the Python engine).
 *
 * Legal actions are never listed: their number is computed and the chosen index decoded, in
 * the order of CartagenaState.legal_actions:
 *   Forward(card, q) for card in 0..5 with hand[card] > 0, for q in the seat's distinct squares
 *   without the boat (ascending); then Back(q) for q in the distinct squares (boat included)
 *   above the lowest square holding one or two pirates; then EndTurn.
 *
 * State encoding (a tuple, used by setup/step/playout_from; see encode() in the test):
 *   (players, tortuga 0/1, board[36], pirates[players][6] (sorted), hands[players][6],
 *    pile (Python order: the next card drawn is the last), discard[6],
 *    row (take order: the next card taken is the first; Python's row reversed),
 *    current, actions_done, won_mask, rng_state)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#define SQUARES 36
#define START (-1)
#define BOAT 36
#define NSYM 6
#define PER_SYMBOL 17
#define NCARDS (NSYM * PER_SYMBOL)
#define HAND_SIZE 6
#define ROW_SIZE 12
#define PIRATES 6
#define MAX_PLAYERS 5
#define ACTIONS_PER_TURN 3
#define MAX_ON_SQUARE 3
#define DEFAULT_MAX_ACTIONS 1000000L

/* -- SplitMix64, exactly as core/rng.py ------------------------------------------------- */

static inline uint64_t next64(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint32_t below(uint64_t *s, uint64_t n) {
    return (uint32_t)(((unsigned __int128)next64(s) * n) >> 64);
}

static void shuffle8(uint64_t *s, int8_t *items, int len) {
    for (int i = len - 1; i > 0; i--) {
        int j = (int)below(s, (uint64_t)i + 1);
        int8_t t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

/* -- the board (components.py) ----------------------------------------------------------- */

/* skull 0, hat 1, dagger 2, bottle 3, key 4, pistol 5; side B is side A reversed */
static const int8_t SIDE_A[6][6] = {
    {3, 5, 1, 0, 2, 4}, /* 1: bottle pistol hat skull dagger key */
    {2, 3, 4, 5, 1, 0}, /* 2: dagger bottle key pistol hat skull */
    {1, 4, 5, 3, 0, 2}, /* 3: hat key pistol bottle skull dagger */
    {4, 3, 0, 2, 1, 5}, /* 4: key bottle skull dagger hat pistol */
    {5, 4, 2, 1, 0, 3}, /* 5: pistol key dagger hat skull bottle */
    {1, 2, 4, 3, 5, 0}, /* 6: hat dagger key bottle pistol skull */
};

/* -- the state ---------------------------------------------------------------------------- */

typedef struct {
    int players;
    int tortuga;
    int8_t board[SQUARES];
    int8_t pir[MAX_PLAYERS][PIRATES]; /* sorted ascending; -1 start, 36 boat */
    int8_t occ[SQUARES];
    uint64_t occupied; /* bit q: occ[q] > 0 */
    uint64_t low12;    /* bit q: occ[q] is 1 or 2 (where back moves go) */
    uint64_t symmask[NSYM]; /* bit q: board[q] is the symbol */
    int16_t hand[MAX_PLAYERS][NSYM];
    int16_t discard[NSYM];
    int8_t pile[NCARDS]; /* the next card drawn is pile[npile - 1] */
    int npile;
    int8_t row[ROW_SIZE]; /* the next card taken is row[rowpos] */
    int rowpos, rowlen;
    int current;
    int actions_done;
    int won; /* bitmask of winning seats; 0 while the game runs */
    uint64_t rng;
} Game;

static void index_board(Game *g) {
    memset(g->symmask, 0, sizeof g->symmask);
    for (int q = 0; q < SQUARES; q++) {
        int s = g->board[q];
        g->symmask[s] |= 1ULL << q;
    }
}

static inline void mark(Game *g, int q) {
    uint64_t bit = 1ULL << q;
    int n = g->occ[q];
    if (n) g->occupied |= bit; else g->occupied &= ~bit;
    if (n == 1 || n == 2) g->low12 |= bit; else g->low12 &= ~bit;
}

static void compute_occ(Game *g) {
    memset(g->occ, 0, sizeof g->occ);
    for (int p = 0; p < g->players; p++)
        for (int k = 0; k < PIRATES; k++) {
            int q = g->pir[p][k];
            if (q >= 0 && q < SQUARES) g->occ[q]++;
        }
    g->occupied = g->low12 = 0;
    for (int q = 0; q < SQUARES; q++) mark(g, q);
}

static void reshuffle(Game *g) {
    int n = 0;
    for (int c = 0; c < NSYM; c++)
        for (int k = 0; k < g->discard[c]; k++) g->pile[n++] = (int8_t)c;
    if (n == 0) return;
    shuffle8(&g->rng, g->pile, n);
    g->npile = n;
    memset(g->discard, 0, sizeof g->discard);
}

static void refill_row(Game *g) {
    int n = 0;
    while (n < ROW_SIZE) {
        if (g->npile == 0) {
            reshuffle(g);
            if (g->npile == 0) break;
        }
        g->row[n++] = g->pile[--g->npile];
    }
    g->rowpos = 0;
    g->rowlen = n;
}

/* A fresh game as CartagenaState.new; board == NULL draws the tiles from the seed. */
static void setup(Game *g, uint64_t seed, int players, int tortuga, const int8_t *board) {
    memset(g, 0, sizeof *g);
    g->players = players;
    g->tortuga = tortuga;
    g->rng = seed;
    if (board == NULL) {
        int8_t numbers[6] = {1, 2, 3, 4, 5, 6};
        shuffle8(&g->rng, numbers, 6);
        for (int t = 0; t < 6; t++) {
            int side_b = (int)below(&g->rng, 2);
            const int8_t *a = SIDE_A[numbers[t] - 1];
            for (int k = 0; k < 6; k++) g->board[6 * t + k] = side_b ? a[5 - k] : a[k];
        }
    } else {
        memcpy(g->board, board, SQUARES);
    }
    index_board(g);
    int n = 0;
    for (int c = 0; c < NSYM; c++)
        for (int k = 0; k < PER_SYMBOL; k++) g->pile[n++] = (int8_t)c;
    shuffle8(&g->rng, g->pile, n);
    for (int p = 0; p < players; p++) {
        for (int k = 0; k < HAND_SIZE; k++) g->hand[p][g->pile[--n]]++;
        for (int k = 0; k < PIRATES; k++) g->pir[p][k] = START;
    }
    g->npile = n;
    if (tortuga) refill_row(g);
}

static int draw(Game *g, int seat, int count) {
    int16_t *hand = g->hand[seat];
    int drawn = 0;
    if (g->tortuga) {
        for (int k = 0; k < count; k++) {
            if (g->rowpos == g->rowlen) {
                refill_row(g);
                if (g->rowpos == g->rowlen) break;
            }
            hand[g->row[g->rowpos++]]++;
            drawn++;
            if (g->rowpos == g->rowlen) refill_row(g);
        }
    } else {
        for (int k = 0; k < count; k++) {
            if (g->npile == 0) {
                reshuffle(g);
                if (g->npile == 0) break;
            }
            hand[g->pile[--g->npile]]++;
            drawn++;
        }
    }
    return drawn;
}

static int is_dead(const Game *g) {
    for (int p = 0; p < g->players; p++)
        for (int c = 0; c < NSYM; c++)
            if (g->hand[p][c]) return 0;
    if (g->low12) {
        int q = __builtin_ctzll(g->low12);
        for (int p = 0; p < g->players; p++)
            if (g->pir[p][PIRATES - 1] > q) return 0;
    }
    return 1;
}

static void end_if_dead(Game *g) {
    if (g->won || !is_dead(g)) return;
    int boat[MAX_PLAYERS], most = -1;
    for (int p = 0; p < g->players; p++) {
        int n = 0;
        for (int k = 0; k < PIRATES; k++) n += g->pir[p][k] == BOAT;
        boat[p] = n;
        if (n > most) most = n;
    }
    int mask = 0;
    for (int p = 0; p < g->players; p++)
        if (boat[p] == most) mask |= 1 << p;
    g->won = mask;
}

static inline void next_turn(Game *g) {
    g->current = (g->current + 1) % g->players;
    g->actions_done = 0;
}

/* The decision point: the legal actions' count and what is needed to decode an index. */
typedef struct {
    int n;
    int nc, nm, nb, nd;
    int8_t cards[NSYM];
    int8_t distinct[PIRATES];
} Legal;

static inline void legal(const Game *g, Legal *L) {
    const int seat = g->current;
    const int8_t *sq = g->pir[seat];
    int nd = 0;
    for (int k = 0; k < PIRATES; k++)
        if (k == 0 || sq[k] != sq[k - 1]) L->distinct[nd++] = sq[k];
    int nm = (L->distinct[nd - 1] == BOAT) ? nd - 1 : nd;
    int nc = 0;
    for (int c = 0; c < NSYM; c++)
        if (g->hand[seat][c]) L->cards[nc++] = (int8_t)c;
    int lowest = g->low12 ? __builtin_ctzll(g->low12) : BOAT;
    int nb = 0;
    for (int k = nd - 1; k >= 0 && L->distinct[k] > lowest; k--) nb++;
    L->nc = nc;
    L->nm = nm;
    L->nb = nb;
    L->nd = nd;
    L->n = nc * nm + nb + 1;
}

/* Move the pirate of `seat` at `origin` to `dest`, keeping the squares sorted. */
static inline void move_pirate(Game *g, int seat, int origin, int dest) {
    int8_t *sq = g->pir[seat];
    int k = 0;
    while (sq[k] != origin) k++;
    if (dest > origin) {
        while (k + 1 < PIRATES && sq[k + 1] < dest) {
            sq[k] = sq[k + 1];
            k++;
        }
    } else {
        while (k > 0 && sq[k - 1] > dest) {
            sq[k] = sq[k - 1];
            k--;
        }
    }
    sq[k] = (int8_t)dest;
}

static void forward(Game *g, int seat, int card, int origin) {
    /* the first free square of the symbol above origin (origin + 1 <= 36 < 64) */
    uint64_t free = g->symmask[card] & ~g->occupied & ~((1ULL << (origin + 1)) - 1);
    int dest = free ? __builtin_ctzll(free) : BOAT;
    int16_t *hand = g->hand[seat];
    hand[card]--;
    g->discard[card]++;
    move_pirate(g, seat, origin, dest);
    if (origin >= 0) {
        g->occ[origin]--;
        mark(g, origin);
    }
    if (dest < BOAT) {
        g->occ[dest]++;
        mark(g, dest);
    }
    if (g->pir[seat][0] == BOAT) {
        g->won = 1 << seat;
    } else if (!hand[card]) {
        for (int c = 0; c < NSYM; c++)
            if (hand[c]) return;
        end_if_dead(g);
    }
}

static void back(Game *g, int seat, int origin) {
    /* the nearest square below origin with 1 or 2 pirates; legal() only offers back moves
       that have one (origin <= 36 < 64) */
    uint64_t below_origin = g->low12 & ((1ULL << origin) - 1);
    int target = 63 - __builtin_clzll(below_origin);
    int found = g->occ[target];
    move_pirate(g, seat, origin, target);
    if (origin < BOAT) {
        g->occ[origin]--;
        mark(g, origin);
    }
    g->occ[target]++;
    mark(g, target);
    if (!draw(g, seat, found)) end_if_dead(g);
}

/* After a forward or back move: count the action, and the turn passes after the third
   (a won game stays with the winner, as CartagenaState.apply). */
static inline void end_of_action(Game *g) {
    if (!g->won && ++g->actions_done == ACTIONS_PER_TURN) next_turn(g);
}

/* Apply legal action `i` of the decision described by L. */
static inline void apply_index(Game *g, const Legal *L, int i) {
    const int seat = g->current;
    const int nf = L->nc * L->nm;
    if (i < nf) {
        forward(g, seat, L->cards[i / L->nm], L->distinct[i % L->nm]);
    } else if (i < nf + L->nb) {
        back(g, seat, L->distinct[L->nd - L->nb + (i - nf)]);
    } else {
        next_turn(g);
        return;
    }
    end_of_action(g);
}

/* Append the chosen legal index i to a trace list; -1 with an exception set on failure. */
static int trace_append(PyObject *trace, int i) {
    PyObject *v = PyLong_FromLong(i);
    if (v == NULL) return -1;
    const int rc = PyList_Append(trace, v);
    Py_DECREF(v);
    return rc;
}

/* Play on with the random policy; returns the number of actions taken, or -1 when max_actions
 * was reached first. trace (may be NULL) receives each chosen index, up to steps of them;
 * steps < 0: until the end. */
static long play(Game *g, uint64_t *policy, long steps, long max_actions, PyObject *trace) {
    long n = 0;
    Legal L;
    while (!g->won) {
        if (steps >= 0 && n >= steps) return n;
        if (n >= max_actions) return -1;
        legal(g, &L);
        int i = (int)below(policy, (uint64_t)L.n);
        if (trace && trace_append(trace, i) < 0) return -2;
        apply_index(g, &L, i);
        n++;
    }
    return n;
}

/* -- the heuristic (games/cartagena/bot.py) ----------------------------------------------
 *
 * A checked copy of the Cartagena bot (`bot.choose`), for ISMCTS's heuristic rollouts: the
 * same action at every decision, ties going to the first in legal order as there
 * (tests/games/cartagena/test_kernel_heuristic.py plays both from the same positions and
 * compares every choice).  It reads only what `state.bot_view(seat)` gives the bot: the mover's
 * pirates and its own hand (never another seat's, which Jamaica hides), the occupancy, the
 * actions left, the cards left to draw (pile + row + discard) and the first two cards of the
 * Tortuga row.  Scores are doubles computed in bot.py's order, operation for operation, so
 * equal and nearly equal scores compare as they do in Python.
 */

#define CARD_TOP 10.3
#define CARD_DECAY 0.3
#define CARD_FLOOR 5.0
#define SURPLUS_CARD 0.5
#define SQUARES_PER_CARD 7
#define REAR_BONUS 4.0
#define ROW_WEIGHT 0.6
#define TYPICAL_GAIN 6.0
#define WIN 10000.0

enum { CHOOSE_FORWARD, CHOOSE_BACK, CHOOSE_END };

typedef struct {
    int kind; /* CHOOSE_FORWARD, CHOOSE_BACK or CHOOSE_END */
    int card; /* forward moves only */
    int origin;
} Choice;

/* bot._held_value: the `held`-th card's value, CARD_TOP - CARD_DECAY * held, at least CARD_FLOOR */
static inline double held_value(int held) {
    double value = CARD_TOP - CARD_DECAY * (double)held;
    return value > CARD_FLOOR ? value : CARD_FLOOR;
}

/* bot.card_value */
static inline double card_value(int held, int need) {
    return held > need ? SURPLUS_CARD : held_value(held);
}

/* bot._NEED: cards a pirate on square q (-1..35) still needs to reach the boat */
static inline int need_of(int q) {
    int n = (BOAT - q + SQUARES_PER_CARD - 1) / SQUARES_PER_CARD;
    return n > 1 ? n : 1;
}

/* Where a card of `card` takes a pirate from `origin` on occupancy `occ`: the first free square
   of the symbol beyond it, else the boat (bot.py reads `BoardTables.ahead` for this). */
static inline int dest_on(const Game *g, const int8_t *occ, int card, int origin) {
    uint64_t m = g->symmask[card] & ~((1ULL << (origin + 1)) - 1);
    while (m) {
        int q = __builtin_ctzll(m);
        if (!occ[q]) return q;
        m &= m - 1;
    }
    return BOAT;
}

/* bot.winning_action's search: can `left` actions put the `n` pirates `pir` (sorted) in the
   boat with `hand`?  Tried in bot.py's order (pirates by square, a square once; cards by
   symbol); at depth 0 the first move of the first sequence found is kept. */
typedef struct {
    const Game *g;
    int8_t occ[SQUARES];
    int16_t hand[NSYM];
    int card, origin; /* the first move found */
} WinSearch;

static int win_search(WinSearch *s, const int8_t *pir, int n, int left, int depth) {
    if (n == 0) return 1;
    if (n > left) return 0;
    for (int i = 0; i < n; i++) {
        const int origin = pir[i];
        if (i && pir[i - 1] == origin) continue;
        for (int card = 0; card < NSYM; card++) {
            if (!s->hand[card]) continue;
            const int dest = dest_on(s->g, s->occ, card, origin);
            /* the pirates after the move, sorted: pir without i, with dest unless in the boat */
            int8_t next[PIRATES];
            int m = 0;
            for (int k = 0; k < n; k++)
                if (k != i) next[m++] = pir[k];
            s->hand[card]--;
            if (origin >= 0) s->occ[origin]--;
            if (dest < BOAT) {
                s->occ[dest]++;
                int k = m++;
                while (k > 0 && next[k - 1] > dest) {
                    next[k] = next[k - 1];
                    k--;
                }
                next[k] = (int8_t)dest;
            }
            const int done = win_search(s, next, m, left - 1, depth + 1);
            if (dest < BOAT) s->occ[dest]--;
            if (origin >= 0) s->occ[origin]++;
            s->hand[card]++;
            if (done) {
                if (depth == 0) {
                    s->card = card;
                    s->origin = origin;
                }
                return 1;
            }
        }
    }
    return 0;
}

/* bot.choose for the seat to move. */
static Choice heuristic_choice(const Game *g) {
    const int seat = g->current;
    const int16_t *hand = g->hand[seat]; /* the mover's own hand: all bot_view shows in Jamaica */
    const int8_t *mine = g->pir[seat];
    const int8_t *occ = g->occ;
    int held = 0;
    for (int c = 0; c < NSYM; c++) held += hand[c];
    int nout = 0; /* mine[:nout]: the pirates not in the boat (sorted, so the boat's are last) */
    while (nout < PIRATES && mine[nout] != BOAT) nout++;
    const int actions_left = ACTIONS_PER_TURN - g->actions_done;
    Choice best = {CHOOSE_END, 0, 0};

    if (nout && nout <= actions_left && held >= nout) {
        WinSearch s;
        s.g = g;
        memcpy(s.occ, occ, sizeof s.occ);
        memcpy(s.hand, hand, sizeof s.hand);
        if (win_search(&s, mine, nout, actions_left, 0)) {
            best.kind = CHOOSE_FORWARD;
            best.card = s.card;
            best.origin = s.origin;
            return best;
        }
    }

    int need = 0;
    for (int k = 0; k < nout; k++) need += need_of(mine[k]);
    const double spend = card_value(held, need);
    const int rowleft = g->rowlen - g->rowpos;
    int available = g->npile + rowleft;
    for (int c = 0; c < NSYM; c++) available += g->discard[c];
    const int rear = nout ? mine[0] : BOAT; /* nout is 0 only in a finished game */

    const int may_pass = held ? actions_left < ACTIONS_PER_TURN : !available;
    double best_score = may_pass ? 0.0 : -WIN;
    int gains[NSYM] = {0};
    for (int card = 0; card < NSYM; card++) {
        if (!hand[card]) continue;
        int top = 0, reach = -1;
        for (int k = 0; k < nout; k++) {
            const int origin = mine[k];
            if (origin < reach) continue; /* lands where the pirate behind it lands: never better */
            const int dest = dest_on(g, occ, card, origin);
            reach = dest;
            const int gain = dest - origin;
            if (gain > top) top = gain;
            double score = (double)gain - spend;
            if (origin == rear) score += REAR_BONUS;
            if (score > best_score) {
                best_score = score;
                best.kind = CHOOSE_FORWARD;
                best.card = card;
                best.origin = origin;
            }
        }
        gains[card] = top;
    }

    /* back moves: to the nearest square below holding one or two pirates */
    if (!g->low12) return best;
    const int lowest = __builtin_ctzll(g->low12);
    const int norigins = nout < PIRATES ? nout + 1 : PIRATES; /* the boat once, if any is in it */
    const int last = nout < PIRATES ? BOAT : mine[PIRATES - 1];
    if (last <= lowest) return best;
    double values[2] = {card_value(held + 1, need), card_value(held + 2, need)};
    /* Tortuga: the cards drawn are the first of the open row, weighed by how far they move */
    for (int j = 0; j < 2 && j < rowleft; j++) {
        const int card = g->row[g->rowpos + j];
        int gain = gains[card];
        if (!hand[card]) { /* bot._longest */
            gain = 0;
            for (int k = 0; k < nout; k++) {
                const int d = dest_on(g, occ, card, mine[k]) - mine[k];
                if (d > gain) gain = d;
            }
        }
        values[j] *= 1.0 + ROW_WEIGHT * ((double)gain / TYPICAL_GAIN - 1.0);
    }
    int previous = lowest;
    for (int k = 0; k < norigins; k++) {
        const int origin = k < nout ? mine[k] : BOAT;
        if (origin <= previous) continue; /* no back move from here, or the same square again */
        previous = origin;
        const int target = 63 - __builtin_clzll(g->low12 & ((1ULL << origin) - 1));
        const int found = occ[target];
        double score = (double)(target - origin);
        if (found && available) {
            score += values[0];
            if (found > 1 && available > 1) score += values[1];
        }
        if (score > best_score) {
            best_score = score;
            best.kind = CHOOSE_BACK;
            best.origin = origin;
        }
    }
    return best;
}

/* The index of a choice in the legal order L describes (-1 if it is not there: a bug). */
static int choice_index(const Legal *L, Choice c) {
    if (c.kind == CHOOSE_END) return L->n - 1;
    if (c.kind == CHOOSE_FORWARD) {
        int ci = -1, di = -1;
        for (int i = 0; i < L->nc; i++)
            if (L->cards[i] == c.card) ci = i;
        for (int j = 0; j < L->nm; j++)
            if (L->distinct[j] == c.origin) di = j;
        return ci < 0 || di < 0 ? -1 : ci * L->nm + di;
    }
    for (int k = L->nd - L->nb; k < L->nd; k++)
        if (L->distinct[k] == c.origin) return L->nc * L->nm + k - (L->nd - L->nb);
    return -1;
}

/* Play on with the heuristic in every seat for at most `steps` decisions (< 0: no limit) until
 * the game ends; returns the number taken, or -2 on an error (a Python exception is set).
 * trace (may be NULL) receives each chosen legal index. */
static long heuristic_play(Game *g, long steps, PyObject *trace) {
    long n = 0;
    Legal L;
    while (!g->won && (steps < 0 || n < steps)) {
        legal(g, &L);
        const int i = choice_index(&L, heuristic_choice(g));
        if (i < 0) {
            PyErr_SetString(PyExc_SystemError, "the kernel's heuristic chose an illegal action");
            return -2;
        }
        if (trace && trace_append(trace, i) < 0) return -2;
        apply_index(g, &L, i);
        n++;
    }
    return n;
}

/* The seats leading on pirates in the boat (`scores()`): what ISMCTS counts as the winners of
   a playout cut off before the end. */
static int leaders(const Game *g) {
    int boat[MAX_PLAYERS], most = -1, mask = 0;
    for (int p = 0; p < g->players; p++) {
        boat[p] = 0;
        for (int k = 0; k < PIRATES; k++) boat[p] += g->pir[p][k] == BOAT;
        if (boat[p] > most) most = boat[p];
    }
    for (int p = 0; p < g->players; p++)
        if (boat[p] == most) mask |= 1 << p;
    return mask;
}

/* -- argument helpers -------------------------------------------------------------------- */

static int parse_variant(const char *variant) {
    if (strcmp(variant, "jamaica") == 0) return 0;
    if (strcmp(variant, "tortuga") == 0) return 1;
    PyErr_Format(PyExc_ValueError, "variant must be 'jamaica' or 'tortuga', not '%s'", variant);
    return -1;
}

static int parse_players(int players) {
    if (players < 2 || players > MAX_PLAYERS) {
        PyErr_Format(PyExc_ValueError, "cartagena is for 2-5 players, not %d", players);
        return -1;
    }
    return 0;
}

static int as_u64(PyObject *o, uint64_t *out, const char *what) {
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int", what);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Format(PyExc_ValueError, "%s must be a non-negative int below 2**64", what);
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

/* board: None, or 36 symbol ints (0..5), e.g. state.board for a `layout` option */
static int parse_board(PyObject *o, int8_t *board, int *given) {
    *given = 0;
    if (o == NULL || o == Py_None) return 0;
    PyObject *seq = PySequence_Fast(o, "board must be a sequence of 36 symbol ints");
    if (seq == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != SQUARES) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "board must have 36 squares");
        return -1;
    }
    for (int q = 0; q < SQUARES; q++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, q));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (v < 0 || v >= NSYM) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "board symbols are ints 0..5");
            return -1;
        }
        board[q] = (int8_t)v;
    }
    Py_DECREF(seq);
    int count[NSYM] = {0};
    for (int q = 0; q < SQUARES; q++) count[board[q]]++;
    for (int s = 0; s < NSYM; s++)
        if (count[s] == 0) {
            PyErr_SetString(PyExc_ValueError, "board must hold every symbol");
            return -1;
        }
    *given = 1;
    return 0;
}

/* -- the encoding ------------------------------------------------------------------------ */

static PyObject *tuple_of_i8(const int8_t *v, int n) {
    PyObject *t = PyTuple_New(n);
    if (t == NULL) return NULL;
    for (int k = 0; k < n; k++) PyTuple_SET_ITEM(t, k, PyLong_FromLong(v[k]));
    return t;
}

static PyObject *tuple_of_i16(const int16_t *v, int n) {
    PyObject *t = PyTuple_New(n);
    if (t == NULL) return NULL;
    for (int k = 0; k < n; k++) PyTuple_SET_ITEM(t, k, PyLong_FromLong(v[k]));
    return t;
}

static PyObject *encode(const Game *g) {
    PyObject *pir = PyTuple_New(g->players), *hands = PyTuple_New(g->players);
    if (pir == NULL || hands == NULL) {
        Py_XDECREF(pir);
        Py_XDECREF(hands);
        return NULL;
    }
    for (int p = 0; p < g->players; p++) {
        PyTuple_SET_ITEM(pir, p, tuple_of_i8(g->pir[p], PIRATES));
        PyTuple_SET_ITEM(hands, p, tuple_of_i16(g->hand[p], NSYM));
    }
    return Py_BuildValue("(iiNNNNNNiiiK)", g->players, g->tortuga, tuple_of_i8(g->board, SQUARES),
                         pir, hands, tuple_of_i8(g->pile, g->npile),
                         tuple_of_i16(g->discard, NSYM),
                         tuple_of_i8(g->row + g->rowpos, g->rowlen - g->rowpos), g->current,
                         g->actions_done, g->won, (unsigned long long)g->rng);
}

static int seq_ints(PyObject *o, long *out, int maxn, const char *what) {
    PyObject *seq = PySequence_Fast(o, what);
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > maxn) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: too many entries", what);
        return -1;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        out[k] = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (out[k] == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return (int)n;
}

#define BAD(msg)                                        \
    do {                                                \
        PyErr_SetString(PyExc_ValueError, "state: " msg); \
        return -1;                                      \
    } while (0)

static int decode(PyObject *o, Game *g) {
    memset(g, 0, sizeof *g);
    if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) != 12) BAD("a tuple of 12 entries expected");
    long v[NCARDS + 8];
    long players = PyLong_AsLong(PyTuple_GET_ITEM(o, 0));
    if (PyErr_Occurred()) return -1;
    if (players < 2 || players > MAX_PLAYERS) BAD("players must be 2..5");
    g->players = (int)players;
    g->tortuga = PyObject_IsTrue(PyTuple_GET_ITEM(o, 1));
    if (g->tortuga < 0) return -1;
    int n = seq_ints(PyTuple_GET_ITEM(o, 2), v, SQUARES, "board");
    if (n < 0) return -1;
    if (n != SQUARES) BAD("board must have 36 squares");
    for (int q = 0; q < SQUARES; q++) {
        if (v[q] < 0 || v[q] >= NSYM) BAD("board symbols are 0..5");
        g->board[q] = (int8_t)v[q];
    }
    index_board(g);
    PyObject *pir = PyTuple_GET_ITEM(o, 3), *hands = PyTuple_GET_ITEM(o, 4);
    if (PySequence_Size(pir) != players || PySequence_Size(hands) != players) {
        PyErr_Clear();
        BAD("pirates and hands need one entry per seat");
    }
    for (int p = 0; p < players; p++) {
        PyObject *item = PySequence_GetItem(pir, p);
        if (item == NULL) return -1;
        n = seq_ints(item, v, PIRATES, "pirates");
        Py_DECREF(item);
        if (n < 0) return -1;
        if (n != PIRATES) BAD("six pirates per seat");
        for (int k = 0; k < PIRATES; k++) {
            if (v[k] < START || v[k] > BOAT) BAD("pirate squares are -1..36");
            if (k && v[k] < v[k - 1]) BAD("pirate squares must be sorted");
            g->pir[p][k] = (int8_t)v[k];
        }
        item = PySequence_GetItem(hands, p);
        if (item == NULL) return -1;
        n = seq_ints(item, v, NSYM, "hands");
        Py_DECREF(item);
        if (n < 0) return -1;
        if (n != NSYM) BAD("six counts per hand");
        for (int c = 0; c < NSYM; c++) {
            if (v[c] < 0 || v[c] > NCARDS) BAD("bad card count");
            g->hand[p][c] = (int16_t)v[c];
        }
    }
    compute_occ(g);
    for (int q = 0; q < SQUARES; q++)
        if (g->occ[q] > MAX_ON_SQUARE) BAD("more than three pirates on a square");
    n = seq_ints(PyTuple_GET_ITEM(o, 5), v, NCARDS, "pile");
    if (n < 0) return -1;
    for (int k = 0; k < n; k++) {
        if (v[k] < 0 || v[k] >= NSYM) BAD("cards are 0..5");
        g->pile[k] = (int8_t)v[k];
    }
    g->npile = n;
    n = seq_ints(PyTuple_GET_ITEM(o, 6), v, NSYM, "discard");
    if (n < 0) return -1;
    if (n != NSYM) BAD("six discard counts");
    for (int c = 0; c < NSYM; c++) {
        if (v[c] < 0 || v[c] > NCARDS) BAD("bad card count");
        g->discard[c] = (int16_t)v[c];
    }
    n = seq_ints(PyTuple_GET_ITEM(o, 7), v, ROW_SIZE, "row");
    if (n < 0) return -1;
    for (int k = 0; k < n; k++) {
        if (v[k] < 0 || v[k] >= NSYM) BAD("cards are 0..5");
        g->row[k] = (int8_t)v[k];
    }
    g->rowpos = 0;
    g->rowlen = n;
    long total = g->npile + n;
    for (int c = 0; c < NSYM; c++) {
        total += g->discard[c];
        for (int p = 0; p < players; p++) total += g->hand[p][c];
    }
    if (total > NCARDS) BAD("more than 102 cards");
    long current = PyLong_AsLong(PyTuple_GET_ITEM(o, 8));
    long done = PyLong_AsLong(PyTuple_GET_ITEM(o, 9));
    long won = PyLong_AsLong(PyTuple_GET_ITEM(o, 10));
    if (PyErr_Occurred()) return -1;
    if (current < 0 || current >= players) BAD("current must be a seat");
    if (done < 0 || done >= ACTIONS_PER_TURN) BAD("actions_done must be 0..2");
    if (won < 0 || won >= (1L << players)) BAD("bad winners mask");
    g->current = (int)current;
    g->actions_done = (int)done;
    g->won = (int)won;
    uint64_t rng;
    if (as_u64(PyTuple_GET_ITEM(o, 11), &rng, "rng state") < 0) return -1;
    g->rng = rng;
    return 0;
}

/* -- entry points ------------------------------------------------------------------------ */

static PyObject *result_pair(const Game *g, long n) {
    return Py_BuildValue("(il)", g->won, n);
}

static PyObject *check_run(long n) {
    if (n == -2) return NULL;
    if (n == -1) {
        PyErr_SetString(PyExc_RuntimeError, "playout exceeded max_actions");
        return NULL;
    }
    return Py_None; /* not returned to Python; just "no error" */
}

PyDoc_STRVAR(playouts_doc,
             "playouts(game_seeds, players, variant, policy_seed, board=None, max_actions=1000000)\n"
             "--\n\n"
             "Random playouts of fresh seeded games (one policy stream for all, in order).\n"
             "Returns [(winners_bitmask, n_actions), ...]. board: 36 symbol ints for a fixed\n"
             "layout (state.board), None for the random layout from each seed.");

static PyObject *k_playouts(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"game_seeds", "players", "variant", "policy_seed", "board",
                             "max_actions", NULL};
    PyObject *seeds_obj, *pseed_obj, *board_obj = Py_None;
    int players;
    const char *variant;
    long max_actions = DEFAULT_MAX_ACTIONS;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OisO|Ol", kwlist, &seeds_obj, &players, &variant,
                                     &pseed_obj, &board_obj, &max_actions))
        return NULL;
    int tortuga = parse_variant(variant);
    if (tortuga < 0 || parse_players(players) < 0) return NULL;
    uint64_t policy;
    if (as_u64(pseed_obj, &policy, "policy_seed") < 0) return NULL;
    int8_t board[SQUARES];
    int given;
    if (parse_board(board_obj, board, &given) < 0) return NULL;
    PyObject *seq = PySequence_Fast(seeds_obj, "game_seeds must be a sequence of ints");
    if (seq == NULL) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    uint64_t *seeds = PyMem_Malloc(sizeof(uint64_t) * (count ? count : 1));
    long *res = PyMem_Malloc(sizeof(long) * 2 * (count ? count : 1));
    if (seeds == NULL || res == NULL) {
        PyMem_Free(seeds);
        PyMem_Free(res);
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t k = 0; k < count; k++)
        if (as_u64(PySequence_Fast_GET_ITEM(seq, k), &seeds[k], "game seed") < 0) {
            PyMem_Free(seeds);
            PyMem_Free(res);
            Py_DECREF(seq);
            return NULL;
        }
    Py_DECREF(seq);
    int over_cap = 0;
    Py_BEGIN_ALLOW_THREADS
    Game g;
    for (Py_ssize_t k = 0; k < count; k++) {
        setup(&g, seeds[k], players, tortuga, given ? board : NULL);
        long n = play(&g, &policy, -1, max_actions, NULL);
        if (n < 0) {
            over_cap = 1;
            break;
        }
        res[2 * k] = g.won;
        res[2 * k + 1] = n;
    }
    Py_END_ALLOW_THREADS
    PyObject *out = NULL;
    if (over_cap) {
        PyErr_SetString(PyExc_RuntimeError, "playout exceeded max_actions");
    } else if ((out = PyList_New(count)) != NULL) {
        for (Py_ssize_t k = 0; k < count; k++) {
            PyObject *pair = Py_BuildValue("(ll)", res[2 * k], res[2 * k + 1]);
            if (pair == NULL) {
                Py_CLEAR(out);
                break;
            }
            PyList_SET_ITEM(out, k, pair);
        }
    }
    PyMem_Free(seeds);
    PyMem_Free(res);
    return out;
}

PyDoc_STRVAR(trace_doc,
             "trace(game_seed, players, variant, policy_seed, board=None)\n--\n\n"
             "The chosen legal index at every decision of one random playout.");

static PyObject *k_trace(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"game_seed", "players", "variant", "policy_seed", "board",
                             "max_actions", NULL};
    PyObject *seed_obj, *pseed_obj, *board_obj = Py_None;
    int players;
    const char *variant;
    long max_actions = DEFAULT_MAX_ACTIONS;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OisO|Ol", kwlist, &seed_obj, &players, &variant,
                                     &pseed_obj, &board_obj, &max_actions))
        return NULL;
    int tortuga = parse_variant(variant);
    if (tortuga < 0 || parse_players(players) < 0) return NULL;
    uint64_t seed, policy;
    if (as_u64(seed_obj, &seed, "game_seed") < 0 || as_u64(pseed_obj, &policy, "policy_seed") < 0)
        return NULL;
    int8_t board[SQUARES];
    int given;
    if (parse_board(board_obj, board, &given) < 0) return NULL;
    Game g;
    setup(&g, seed, players, tortuga, given ? board : NULL);
    PyObject *trace = PyList_New(0);
    if (trace == NULL) return NULL;
    if (check_run(play(&g, &policy, -1, max_actions, trace)) == NULL) {
        Py_DECREF(trace);
        return NULL;
    }
    return trace;
}

PyDoc_STRVAR(setup_doc,
             "setup(game_seed, players, variant, board=None)\n--\n\n"
             "The encoded state of a fresh game (see the module docstring).");

static PyObject *k_setup(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"game_seed", "players", "variant", "board", NULL};
    PyObject *seed_obj, *board_obj = Py_None;
    int players;
    const char *variant;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Ois|O", kwlist, &seed_obj, &players, &variant,
                                     &board_obj))
        return NULL;
    int tortuga = parse_variant(variant);
    if (tortuga < 0 || parse_players(players) < 0) return NULL;
    uint64_t seed;
    if (as_u64(seed_obj, &seed, "game_seed") < 0) return NULL;
    int8_t board[SQUARES];
    int given;
    if (parse_board(board_obj, board, &given) < 0) return NULL;
    Game g;
    setup(&g, seed, players, tortuga, given ? board : NULL);
    return encode(&g);
}

PyDoc_STRVAR(step_doc,
             "step(state, policy_seed, steps=-1)\n--\n\n"
             "Play `steps` random decisions (-1: to the end) from an encoded state.\n"
             "Returns (encoded_state_after, [chosen indices], policy_state_after).");

static PyObject *k_step(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"state", "policy_seed", "steps", "max_actions", NULL};
    PyObject *state_obj, *pseed_obj;
    long steps = -1, max_actions = DEFAULT_MAX_ACTIONS;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|ll", kwlist, &state_obj, &pseed_obj, &steps,
                                     &max_actions))
        return NULL;
    uint64_t policy;
    if (as_u64(pseed_obj, &policy, "policy_seed") < 0) return NULL;
    Game g;
    if (decode(state_obj, &g) < 0) return NULL;
    PyObject *trace = PyList_New(0);
    if (trace == NULL) return NULL;
    if (check_run(play(&g, &policy, steps, max_actions, trace)) == NULL) {
        Py_DECREF(trace);
        return NULL;
    }
    return Py_BuildValue("(NNK)", encode(&g), trace, (unsigned long long)policy);
}

PyDoc_STRVAR(playout_from_doc,
             "playout_from(state, policy_seed)\n--\n\n"
             "One random playout from an encoded state: (winners_bitmask, n_actions).");

static PyObject *k_playout_from(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"state", "policy_seed", "max_actions", NULL};
    PyObject *state_obj, *pseed_obj;
    long max_actions = DEFAULT_MAX_ACTIONS;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|l", kwlist, &state_obj, &pseed_obj,
                                     &max_actions))
        return NULL;
    uint64_t policy;
    if (as_u64(pseed_obj, &policy, "policy_seed") < 0) return NULL;
    Game g;
    if (decode(state_obj, &g) < 0) return NULL;
    long n = play(&g, &policy, -1, max_actions, NULL);
    if (check_run(n) == NULL) return NULL;
    return result_pair(&g, n);
}

PyDoc_STRVAR(playouts_from_doc,
             "playouts_from(state, count, policy_seed)\n--\n\n"
             "`count` random playouts from one encoded state, each from the same state\n"
             "(chance stream included), one policy stream for all in order:\n"
             "[(winners_bitmask, n_actions), ...].");

static PyObject *k_playouts_from(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"state", "count", "policy_seed", "max_actions", NULL};
    PyObject *state_obj, *pseed_obj;
    Py_ssize_t count;
    long max_actions = DEFAULT_MAX_ACTIONS;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OnO|l", kwlist, &state_obj, &count, &pseed_obj,
                                     &max_actions))
        return NULL;
    if (count < 0) {
        PyErr_SetString(PyExc_ValueError, "count must be >= 0");
        return NULL;
    }
    uint64_t policy;
    if (as_u64(pseed_obj, &policy, "policy_seed") < 0) return NULL;
    Game start;
    if (decode(state_obj, &start) < 0) return NULL;
    PyObject *out = PyList_New(count);
    if (out == NULL) return NULL;
    for (Py_ssize_t k = 0; k < count; k++) {
        Game g = start;
        long n = play(&g, &policy, -1, max_actions, NULL);
        if (check_run(n) == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyObject *pair = result_pair(&g, n);
        if (pair == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, k, pair);
    }
    return out;
}

PyDoc_STRVAR(heuristic_playout_doc,
             "heuristic_playout(state, max_actions)\n--\n\n"
             "The heuristic (bot.py) in every seat from an encoded state, for at most max_actions\n"
             "decisions: (winners_bitmask, n_actions, finished). A game not finished by then\n"
             "counts the seats with the most pirates in the boat (scores()) as its winners, as\n"
             "ISMCTS judges a cut playout.");

static PyObject *k_heuristic_playout(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"state", "max_actions", NULL};
    PyObject *state_obj;
    long max_actions;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "Ol", kwlist, &state_obj, &max_actions))
        return NULL;
    if (max_actions < 0) {
        PyErr_SetString(PyExc_ValueError, "max_actions must be >= 0");
        return NULL;
    }
    Game g;
    if (decode(state_obj, &g) < 0) return NULL;
    long n = heuristic_play(&g, max_actions, NULL);
    if (n == -2) return NULL;
    const int finished = g.won != 0;
    return Py_BuildValue("(ili)", finished ? g.won : leaders(&g), n, finished);
}

PyDoc_STRVAR(heuristic_step_doc,
             "heuristic_step(state, steps=-1)\n--\n\n"
             "Play `steps` decisions (-1: to the end) with the heuristic in every seat from an\n"
             "encoded state. Returns (encoded_state_after, [chosen legal indices]).");

static PyObject *k_heuristic_step(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"state", "steps", NULL};
    PyObject *state_obj;
    long steps = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|l", kwlist, &state_obj, &steps)) return NULL;
    Game g;
    if (decode(state_obj, &g) < 0) return NULL;
    PyObject *trace = PyList_New(0);
    if (trace == NULL) return NULL;
    if (heuristic_play(&g, steps, trace) == -2) {
        Py_DECREF(trace);
        return NULL;
    }
    return Py_BuildValue("(NN)", encode(&g), trace);
}

/* -- whole games and their course (GameSpec.fast_random_games) -----------------------------
 *
 * `games` deals and plays `count` uniform-random games in one call, for `buccaneer simulate`
 * and `analyze`: game k is the game of seed base_seed + first + k (mod 2**64, core.rng.nth_seed),
 * dealt as setup() deals it with `start_player` to move first, its random choices from a
 * SplitMix64 stream of its own seeded with kernel_policy_seed(seed) (core/rng.py: the first
 * output of the stream of seed ^ "kernel_p"), the legal index below(policy, n) at each decision,
 * as play() takes it.  It is watched as sim/analysis/trace.py's Course watches a game, with
 * cartagena/course.py's standing and turn_of, and each game leaves one row of GAME_ROW native
 * int32s in the result (core/game.py, KERNEL_GAME_FIELDS then MAX_KERNEL_SEATS scores):
 *   won bitmask (0: cut at max_actions), actions, turns, lead changes, the leaders' bitmask
 *   after 0 actions and after n*25//100, n*50//100, n*75//100 of its n actions, then the
 *   pirates in the boat of seats 0..7 (0 past the last seat).
 * tests/games/cartagena/test_kernel_games.py replays the games in the Python engine under a
 * Course and compares every field.
 */

#define KERNEL_POLICY 0x6B65726E656C5F70ULL /* core/rng.py _KERNEL_POLICY, "kernel_p" */
#define GAME_FIELDS 8  /* core/game.py len(KERNEL_GAME_FIELDS) */
#define KERNEL_SEATS 8 /* core/game.py MAX_KERNEL_SEATS */
#define GAME_ROW (GAME_FIELDS + KERNEL_SEATS)
#define BOAT_WEIGHT 1000 /* course.py BOAT_WEIGHT */
#define GAMES_MAX_ACTIONS 20000L /* GameSpec.max_actions of cartagena */
#define LEADERS_CHUNK 4096L

/* course.py's standing of one seat: 1000 per pirate in the boat, plus square + 1 per pirate
   (the start -1 counts 0, the boat 36 counts 37) */
static inline int standing_of(const Game *g, int seat) {
    const int8_t *sq = g->pir[seat];
    int s = 0;
    for (int k = 0; k < PIRATES; k++) s += sq[k] + 1 + (sq[k] == BOAT ? BOAT_WEIGHT : 0);
    return s;
}

/* trace.py's leaders_mask: the seats of the highest standing */
static inline int leaders_of(const int *standing, int players) {
    int best = standing[0], mask = 0;
    for (int p = 1; p < players; p++) best = standing[p] > best ? standing[p] : best;
    for (int p = 0; p < players; p++) mask |= (standing[p] == best) << p;
    return mask;
}

/* The leaders after each action of the game being played: one byte per action (a mask of at
   most five seats), grown as the game goes on (never past max_actions + 1); allocated with the
   raw allocator, which needs no GIL. */
typedef struct {
    uint8_t *mask;
    long cap;
} LeadersLog;

static int leaders_room(LeadersLog *log, long need, long most) {
    if (need <= log->cap) return 0;
    long cap = log->cap ? log->cap : LEADERS_CHUNK;
    while (cap < need) cap *= 2;
    if (cap > most) cap = most;
    uint8_t *grown = PyMem_RawRealloc(log->mask, (size_t)cap);
    if (grown == NULL) return -1;
    log->mask = grown;
    log->cap = cap;
    return 0;
}

/* Play a dealt game with the random policy until it is won or max_actions actions were taken,
   watching its course; writes its row. Returns 0, or -1 when the leaders log could not grow
   (no exception is set: the GIL is not held). */
static int course_game(Game *g, uint64_t policy, long max_actions, LeadersLog *log,
                       int32_t *row) {
    const int players = g->players;
    int standing[MAX_PLAYERS];
    for (int p = 0; p < players; p++) standing[p] = standing_of(g, p);
    int mask = leaders_of(standing, players);
    if (leaders_room(log, 1, max_actions + 1) < 0) return -1;
    log->mask[0] = (uint8_t)mask;
    long n = 0;
    int turns = 0, changes = 0, sole = -1, turn_seat = -1;
    Legal L;
    while (!g->won && n < max_actions) {
        const int seat = g->current;
        if (seat != turn_seat) { /* turn_of is (-1, current): a new turn */
            turn_seat = seat;
            turns++;
        }
        legal(g, &L);
        const int i = (int)below(&policy, (uint64_t)L.n);
        apply_index(g, &L, i);
        n++;
        if (i != L.n - 1) { /* a move (not EndTurn): only the mover's standing changed */
            standing[seat] = standing_of(g, seat);
            mask = leaders_of(standing, players);
        }
        if (!(mask & (mask - 1))) { /* a sole leader: a change if another led alone last */
            const int leader = __builtin_ctz(mask);
            if (sole >= 0 && leader != sole) changes++;
            sole = leader;
        }
        if (n >= log->cap && leaders_room(log, n + 1, max_actions + 1) < 0) return -1;
        log->mask[n] = (uint8_t)mask;
    }
    row[0] = g->won;
    row[1] = (int32_t)n;
    row[2] = turns;
    row[3] = changes;
    row[4] = log->mask[0];
    row[5] = log->mask[n * 25 / 100];
    row[6] = log->mask[n * 50 / 100];
    row[7] = log->mask[n * 75 / 100];
    for (int p = 0; p < KERNEL_SEATS; p++) {
        int boat = 0;
        if (p < players)
            for (int k = 0; k < PIRATES; k++) boat += g->pir[p][k] == BOAT;
        row[GAME_FIELDS + p] = boat;
    }
    return 0;
}

/* `first`: a non-negative int, taken mod 2**64 as nth_seed takes base + index */
static int as_index(PyObject *o, uint64_t *out, const char *what) {
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow < 0 || (overflow == 0 && v < 0)) {
        PyErr_Format(PyExc_ValueError, "%s must be >= 0, not %R", what, o);
        return -1;
    }
    if (overflow > 0) {
        unsigned long long m = PyLong_AsUnsignedLongLongMask(o);
        if (m == (unsigned long long)-1 && PyErr_Occurred()) return -1;
        *out = (uint64_t)m;
    } else {
        *out = (uint64_t)v;
    }
    return 0;
}

PyDoc_STRVAR(games_doc,
             "games(base_seed, first, count, players, variant, board=None, start_player=0,\n"
             "      max_actions=20000)\n--\n\n"
             "Deal and play `count` uniform-random games, game k being the one of seed\n"
             "(base_seed + first + k) mod 2**64, dealt as setup() deals it with start_player to\n"
             "move first, its random choices from the SplitMix64 stream\n"
             "kernel_policy_seed(seed) (core/rng.py), until it is won or max_actions actions\n"
             "were taken (then it is cut: won 0). Returns bytes: `count` rows of 16 native\n"
             "int32s: won bitmask, actions, turns, lead changes, leaders bitmask after 0 actions\n"
             "and at 25/50/75% of the game (sim/analysis/trace.py), pirates in the boat of\n"
             "seats 0..7 (0 past the last seat). board: 36 symbol ints for a fixed layout\n"
             "(state.board), None for the random layout from each seed. The GIL is released\n"
             "while the games are played.");

static PyObject *k_games(PyObject *self, PyObject *args, PyObject *kw) {
    (void)self;
    static char *kwlist[] = {"base_seed", "first", "count", "players", "variant", "board",
                             "start_player", "max_actions", NULL};
    PyObject *base_obj, *first_obj, *board_obj = Py_None;
    Py_ssize_t count;
    int players, start_player = 0;
    const char *variant;
    long max_actions = GAMES_MAX_ACTIONS;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OOnis|Oil", kwlist, &base_obj, &first_obj,
                                     &count, &players, &variant, &board_obj, &start_player,
                                     &max_actions))
        return NULL;
    if (parse_players(players) < 0) return NULL;
    const int tortuga = parse_variant(variant);
    if (tortuga < 0) return NULL;
    uint64_t base, first;
    if (as_u64(base_obj, &base, "base_seed") < 0 || as_index(first_obj, &first, "first") < 0)
        return NULL;
    if (count < 0) {
        PyErr_Format(PyExc_ValueError, "count must be >= 0, not %zd", count);
        return NULL;
    }
    if (count > PY_SSIZE_T_MAX / (Py_ssize_t)(GAME_ROW * sizeof(int32_t))) {
        PyErr_Format(PyExc_ValueError, "count %zd is too large", count);
        return NULL;
    }
    if (start_player < 0 || start_player >= players) {
        PyErr_Format(PyExc_ValueError, "start_player must be a seat 0..%d, not %d", players - 1,
                     start_player);
        return NULL;
    }
    if (max_actions < 1 || max_actions > INT32_MAX) {
        PyErr_Format(PyExc_ValueError, "max_actions must be 1..%d, not %ld", INT32_MAX,
                     max_actions);
        return NULL;
    }
    int8_t board[SQUARES];
    int given;
    if (parse_board(board_obj, board, &given) < 0) return NULL;
    PyObject *out = PyBytes_FromStringAndSize(NULL, count * GAME_ROW * (Py_ssize_t)sizeof(int32_t));
    if (out == NULL || count == 0) return out;
    int32_t *rows = (int32_t *)PyBytes_AS_STRING(out);
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    LeadersLog log = {NULL, 0};
    Game g;
    for (Py_ssize_t k = 0; k < count; k++) {
        const uint64_t seed = base + first + (uint64_t)k; /* wraps mod 2**64 */
        uint64_t mix = seed ^ KERNEL_POLICY;
        const uint64_t policy = next64(&mix);
        setup(&g, seed, players, tortuga, given ? board : NULL);
        g.current = start_player;
        if (course_game(&g, policy, max_actions, &log, rows + (size_t)k * GAME_ROW) < 0) {
            failed = 1;
            break;
        }
    }
    PyMem_RawFree(log.mask);
    Py_END_ALLOW_THREADS
    if (failed) {
        Py_DECREF(out);
        return PyErr_NoMemory();
    }
    return out;
}

/* -- a batch of games for learning (games/cartagena/vector.py) ------------------------------
 *
 * B games stepping together, self-play: each step takes one action id per game (codec.py's
 * ids) for the seat to move there, and writes, straight into arrays the Python side allocated
 * and handed over once (the buffer protocol; no numpy headers), every game's observation of
 * the seat to move (exactly codec.py's `encode` of `view(seat)`), its legal mask, the rewards,
 * the end flags and the seat.  Each game draws its seeds from its own SplitMix64 stream, so a
 * seeded batch is reproducible; a finished or truncated game starts the next one on the
 * following step (gymnasium's next-step autoreset), ignoring that step's action.
 */

#define NUM_IDS 261
#define FORWARD_SPAN (SQUARES + 1) /* from -1..35 per card */
#define BACK_BASE (NSYM * FORWARD_SPAN) /* 222 */
#define END_ID (BACK_BASE + BOAT + 2)   /* 260 */
#define PLACES (SQUARES + 2)            /* start, 36 squares, boat */

/* The codec's normalised counts as float32, rounded from doubles exactly as numpy does when
   codec.py's Python floats become an array: n / 17, n / 102, and n additions of 1/6. */
static float DIV17[NCARDS + 1], DIV102[NCARDS + 1], SIXTHS[PIRATES + 1];

static void init_tables(void) {
    for (int n = 0; n <= NCARDS; n++) {
        DIV17[n] = (float)((double)n / PER_SYMBOL);
        DIV102[n] = (float)((double)n / NCARDS);
    }
    double acc = 0.0;
    SIXTHS[0] = 0.0f;
    for (int n = 1; n <= PIRATES; n++) {
        acc += 1.0 / PIRATES;
        SIXTHS[n] = (float)acc;
    }
}

static int obs_size(int players) {
    /* board, pirates, my_hand, open_hands, hand_sizes, row, draw_pile, discard, current,
       actions_left, version, over (codec.py's _layout) */
    return SQUARES * NSYM + players * PLACES + NSYM + (players - 1) * (NSYM + 1) + players +
           ROW_SIZE * NSYM + 1 + NSYM + players + ACTIONS_PER_TURN + 1 + 2 + 1;
}

/* codec.py's encode(view(me)), written into o (obs_size(players) floats). */
static void write_obs(const Game *g, int me, float *o, int size) {
    const int P = g->players, over = g->won != 0;
    memset(o, 0, sizeof(float) * (size_t)size);
    float *p = o;
    for (int q = 0; q < SQUARES; q++) p[q * NSYM + g->board[q]] = 1.0f;
    p += SQUARES * NSYM;
    for (int k = 0; k < P; k++) {
        const int8_t *sq = g->pir[(me + k) % P];
        for (int i = 0; i < PIRATES;) {
            int j = i;
            while (j < PIRATES && sq[j] == sq[i]) j++;
            p[k * PLACES + sq[i] + 1] = SIXTHS[j - i];
            i = j;
        }
    }
    p += P * PLACES;
    for (int c = 0; c < NSYM; c++) p[c] = DIV17[g->hand[me][c]];
    p += NSYM;
    for (int k = 1; k < P; k++) {
        /* another seat's hand is seen in the Tortuga version, or once the game is over */
        if (g->tortuga || over) {
            const int16_t *h = g->hand[(me + k) % P];
            p[0] = 1.0f;
            for (int c = 0; c < NSYM; c++) p[1 + c] = DIV17[h[c]];
        }
        p += NSYM + 1;
    }
    for (int k = 0; k < P; k++) {
        const int16_t *h = g->hand[(me + k) % P];
        int n = 0;
        for (int c = 0; c < NSYM; c++) n += h[c];
        p[k] = DIV102[n];
    }
    p += P;
    for (int i = 0; i < ROW_SIZE && g->rowpos + i < g->rowlen; i++)
        p[i * NSYM + g->row[g->rowpos + i]] = 1.0f;
    p += ROW_SIZE * NSYM;
    *p++ = DIV102[g->npile];
    for (int c = 0; c < NSYM; c++) p[c] = DIV17[g->discard[c]];
    p += NSYM;
    if (!over) p[(g->current - me + P) % P] = 1.0f;
    p += P;
    p[over ? 0 : ACTIONS_PER_TURN - g->actions_done] = 1.0f;
    p += ACTIONS_PER_TURN + 1;
    p[g->tortuga] = 1.0f;
    p += 2;
    *p = over ? 1.0f : 0.0f;
}

/* codec.py's legal_mask for the seat to move (all 0 once the game is over). */
static void write_mask(const Game *g, uint8_t *m) {
    memset(m, 0, NUM_IDS);
    if (g->won) return;
    Legal L;
    legal(g, &L);
    for (int i = 0; i < L.nc; i++)
        for (int j = 0; j < L.nm; j++) m[L.cards[i] * FORWARD_SPAN + L.distinct[j] + 1] = 1;
    for (int k = L.nd - L.nb; k < L.nd; k++) m[BACK_BASE + L.distinct[k] + 1] = 1;
    m[END_ID] = 1;
}

static inline int has_pirate(const Game *g, int seat, int q) {
    for (int k = 0; k < PIRATES; k++)
        if (g->pir[seat][k] == q) return 1;
    return 0;
}

/* Whether codec id `a` is legal for the seat to move: the same test as the mask, for one id. */
static int id_is_legal(const Game *g, long long a) {
    if (g->won || a < 0 || a >= NUM_IDS) return 0;
    const int seat = g->current;
    if (a < BACK_BASE) {
        int card = (int)(a / FORWARD_SPAN), from = (int)(a % FORWARD_SPAN) - 1;
        return g->hand[seat][card] > 0 && has_pirate(g, seat, from);
    }
    if (a < END_ID) {
        int from = (int)(a - BACK_BASE) - 1;
        /* a back move needs a square below it holding one or two pirates */
        return from != START && has_pirate(g, seat, from) &&
               (g->low12 & ((1ULL << from) - 1)) != 0;
    }
    return 1;
}

/* Apply legal codec id `a` for the seat to move (as apply_index does by legal index). */
static void apply_id(Game *g, int a) {
    const int seat = g->current;
    if (a < BACK_BASE) {
        forward(g, seat, a / FORWARD_SPAN, a % FORWARD_SPAN - 1);
    } else if (a < END_ID) {
        back(g, seat, a - BACK_BASE - 1);
    } else {
        next_turn(g);
        return;
    }
    end_of_action(g);
}

typedef struct {
    PyObject_HEAD
    int num, players, tortuga, size;
    long max_actions;
    Game *games;
    uint64_t *streams; /* each env's seed stream (SplitMix64 states) */
    uint64_t *seeds;   /* each env's current game seed */
    long *steps;       /* actions taken in each env's current game */
    uint8_t *pending;  /* 1: the last step ended the game (or truncated it); the next resets */
    /* the outputs, held from construction to deallocation */
    Py_buffer obs, mask, reward, rewards, terminated, truncated, seat;
    int held; /* how many of the buffers above are held */
    int busy; /* a step runs without the GIL: no other call may touch the games meanwhile */
} Batch;

/* Exporters hand numpy's native formats as one char, maybe after '@' or '='. */
static int format_is(const Py_buffer *v, const char *allowed) {
    const char *f = v->format ? v->format : "B";
    if (*f == '@' || *f == '=') f++;
    return f[0] != '\0' && f[1] == '\0' && strchr(allowed, f[0]) != NULL;
}

/* A C-contiguous buffer of `items` items of `itemsize` bytes whose format is one of `allowed`. */
static int get_buffer(PyObject *o, Py_buffer *v, Py_ssize_t items, Py_ssize_t itemsize,
                      const char *allowed, int writable, const char *what) {
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(o, v, flags) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s must be a C-contiguous%s array", what,
                     writable ? " writable" : "");
        return -1;
    }
    if (v->itemsize != itemsize || v->len != items * itemsize || !format_is(v, allowed)) {
        PyErr_Format(PyExc_ValueError, "%s must hold %zd items of format '%s' (got %zd bytes, "
                     "item size %zd, format '%s')", what, items, allowed, v->len, v->itemsize,
                     v->format ? v->format : "B");
        PyBuffer_Release(v);
        return -1;
    }
    return 0;
}

#define F32 "f"
#define BOOL8 "?Bb"
#define I64 "lq"
#define U64 "LQ"

/* Write env k's outputs after a reset (reward 0, no end) or an ordinary step. */
static void emit(Batch *b, int k, int seat, float reward, int terminated, int truncated) {
    Game *g = &b->games[k];
    write_obs(g, seat, (float *)b->obs.buf + (size_t)k * b->size, b->size);
    write_mask(g, (uint8_t *)b->mask.buf + (size_t)k * NUM_IDS);
    float *rw = (float *)b->rewards.buf + (size_t)k * b->players;
    for (int p = 0; p < b->players; p++)
        rw[p] = terminated ? (((g->won >> p) & 1) ? 1.0f : -1.0f) : 0.0f;
    ((float *)b->reward.buf)[k] = reward;
    ((uint8_t *)b->terminated.buf)[k] = (uint8_t)terminated;
    ((uint8_t *)b->truncated.buf)[k] = (uint8_t)truncated;
    ((int64_t *)b->seat.buf)[k] = seat;
    b->pending[k] = (uint8_t)(terminated || truncated);
}

static void new_game(Batch *b, int k) {
    b->seeds[k] = next64(&b->streams[k]);
    setup(&b->games[k], b->seeds[k], b->players, b->tortuga, NULL);
    b->steps[k] = 0;
    emit(b, k, b->games[k].current, 0.0f, 0, 0);
}

/* The games are stepped without the GIL; a call from another thread meanwhile is refused. */
static int not_busy(Batch *b) {
    if (b->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the batch is being stepped in another thread");
        return -1;
    }
    return 0;
}

static void batch_release(Batch *b) {
    Py_buffer *held[] = {&b->obs, &b->mask, &b->reward, &b->rewards,
                         &b->terminated, &b->truncated, &b->seat};
    for (int i = 0; i < b->held; i++) PyBuffer_Release(held[i]);
    b->held = 0;
}

static void batch_dealloc(Batch *b) {
    batch_release(b);
    PyMem_Free(b->games);
    PyMem_Free(b->streams);
    PyMem_Free(b->seeds);
    PyMem_Free(b->steps);
    PyMem_Free(b->pending);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

static PyObject *batch_new(PyTypeObject *type, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"num_envs", "players", "variant", "max_actions", "obs", "mask",
                             "reward", "rewards", "terminated", "truncated", "seat", NULL};
    int num, players;
    const char *variant;
    long max_actions;
    PyObject *out[7];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iislOOOOOOO", kwlist, &num, &players, &variant,
                                     &max_actions, &out[0], &out[1], &out[2], &out[3], &out[4],
                                     &out[5], &out[6]))
        return NULL;
    int tortuga = parse_variant(variant);
    if (tortuga < 0 || parse_players(players) < 0) return NULL;
    if (num < 1) {
        PyErr_Format(PyExc_ValueError, "num_envs must be at least 1, not %d", num);
        return NULL;
    }
    if (max_actions < 1) {
        PyErr_SetString(PyExc_ValueError, "max_actions must be at least 1");
        return NULL;
    }
    Batch *b = (Batch *)type->tp_alloc(type, 0);
    if (b == NULL) return NULL;
    b->num = num;
    b->players = players;
    b->tortuga = tortuga;
    b->size = obs_size(players);
    b->max_actions = max_actions;
    b->games = PyMem_Calloc((size_t)num, sizeof(Game));
    b->streams = PyMem_Calloc((size_t)num, sizeof(uint64_t));
    b->seeds = PyMem_Calloc((size_t)num, sizeof(uint64_t));
    b->steps = PyMem_Calloc((size_t)num, sizeof(long));
    b->pending = PyMem_Calloc((size_t)num, 1);
    if (!b->games || !b->streams || !b->seeds || !b->steps || !b->pending) {
        Py_DECREF(b);
        return PyErr_NoMemory();
    }
    struct {
        Py_buffer *view;
        Py_ssize_t items, itemsize;
        const char *format, *name;
    } spec[7] = {
        {&b->obs, (Py_ssize_t)num * b->size, 4, F32, "obs (float32, num_envs x size)"},
        {&b->mask, (Py_ssize_t)num * NUM_IDS, 1, BOOL8, "mask (bool, num_envs x 261)"},
        {&b->reward, num, 4, F32, "reward (float32, num_envs)"},
        {&b->rewards, (Py_ssize_t)num * players, 4, F32, "rewards (float32, num_envs x players)"},
        {&b->terminated, num, 1, BOOL8, "terminated (bool, num_envs)"},
        {&b->truncated, num, 1, BOOL8, "truncated (bool, num_envs)"},
        {&b->seat, num, 8, I64, "seat (int64, num_envs)"},
    };
    for (int i = 0; i < 7; i++) {
        if (get_buffer(out[i], spec[i].view, spec[i].items, spec[i].itemsize, spec[i].format, 1,
                       spec[i].name) < 0) {
            Py_DECREF(b);
            return NULL;
        }
        b->held++;
    }
    return (PyObject *)b;
}

PyDoc_STRVAR(batch_reset_doc,
             "reset(streams=None, mask=None)\n--\n\n"
             "Start a new game in every env (mask: a bool array, only where it is true), its seed\n"
             "the next draw of the env's seed stream. streams: uint64 per env, new stream states\n"
             "(None: the streams go on).");

static PyObject *batch_reset(Batch *b, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"streams", "mask", NULL};
    PyObject *streams_obj = Py_None, *mask_obj = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO", kwlist, &streams_obj, &mask_obj) ||
        not_busy(b) < 0)
        return NULL;
    Py_buffer sv, mv;
    int have_s = streams_obj != Py_None, have_m = mask_obj != Py_None;
    if (have_s && get_buffer(streams_obj, &sv, b->num, 8, U64, 0, "streams (uint64)") < 0)
        return NULL;
    if (have_m && get_buffer(mask_obj, &mv, b->num, 1, BOOL8, 0, "mask (bool)") < 0) {
        if (have_s) PyBuffer_Release(&sv);
        return NULL;
    }
    for (int k = 0; k < b->num; k++) {
        if (have_m && !((const uint8_t *)mv.buf)[k]) continue;
        if (have_s) b->streams[k] = ((const uint64_t *)sv.buf)[k];
        new_game(b, k);
    }
    if (have_s) PyBuffer_Release(&sv);
    if (have_m) PyBuffer_Release(&mv);
    Py_RETURN_NONE;
}

PyDoc_STRVAR(batch_step_doc,
             "step(actions)\n--\n\n"
             "One action id (int64 array, one per env) for the seat to move in each env. Every id\n"
             "is checked before any is applied: returns -1 when all were applied, else the index\n"
             "of the first env whose id is not legal there (then nothing changed anywhere). An\n"
             "env whose last step ended its game starts the next one instead (its id ignored).");

static PyObject *batch_step(Batch *b, PyObject *arg) {
    Py_buffer av;
    if (not_busy(b) < 0) return NULL;
    if (get_buffer(arg, &av, b->num, 8, I64, 0, "actions (int64, num_envs)") < 0) return NULL;
    const int64_t *a = (const int64_t *)av.buf;
    for (int k = 0; k < b->num; k++)
        if (!b->pending[k] && !id_is_legal(&b->games[k], a[k])) {
            PyBuffer_Release(&av);
            return PyLong_FromLong(k);
        }
    b->busy = 1;
    Py_BEGIN_ALLOW_THREADS
    for (int k = 0; k < b->num; k++) {
        Game *g = &b->games[k];
        if (b->pending[k]) {
            new_game(b, k);
            continue;
        }
        const int actor = g->current;
        apply_id(g, (int)a[k]);
        b->steps[k]++;
        if (g->won) {
            /* the observation is the actor's: no one is to move in a finished game */
            emit(b, k, actor, ((g->won >> actor) & 1) ? 1.0f : -1.0f, 1, 0);
        } else {
            emit(b, k, g->current, 0.0f, 0, b->steps[k] >= b->max_actions);
        }
    }
    Py_END_ALLOW_THREADS
    b->busy = 0;
    PyBuffer_Release(&av);
    return PyLong_FromLong(-1);
}

PyDoc_STRVAR(batch_seeds_doc, "game_seeds()\n--\n\nEach env's current game seed (a tuple).");

static PyObject *batch_seeds(Batch *b, PyObject *unused) {
    PyObject *t = PyTuple_New(b->num);
    if (t == NULL) return NULL;
    for (int k = 0; k < b->num; k++) {
        PyObject *v = PyLong_FromUnsignedLongLong(b->seeds[k]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, k, v);
    }
    return t;
}

PyDoc_STRVAR(batch_lengths_doc,
             "game_lengths()\n--\n\nActions taken so far in each env's current game (a tuple).");

static PyObject *batch_lengths(Batch *b, PyObject *unused) {
    PyObject *t = PyTuple_New(b->num);
    if (t == NULL) return NULL;
    for (int k = 0; k < b->num; k++) {
        PyObject *v = PyLong_FromLong(b->steps[k]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, k, v);
    }
    return t;
}

static int env_index(Batch *b, int k) {
    if (k < 0 || k >= b->num) {
        PyErr_Format(PyExc_IndexError, "env index %d is not in 0..%d", k, b->num - 1);
        return -1;
    }
    return 0;
}

PyDoc_STRVAR(batch_get_state_doc,
             "get_state(index)\n--\n\nEnv `index`'s game in the kernel's encoding.");

static PyObject *batch_get_state(Batch *b, PyObject *args) {
    int k;
    if (!PyArg_ParseTuple(args, "i", &k) || env_index(b, k) < 0) return NULL;
    return encode(&b->games[k]);
}

PyDoc_STRVAR(batch_set_state_doc,
             "set_state(index, state)\n--\n\n"
             "Put an encoded running game into env `index` (its action count restarts at 0) and\n"
             "write that env's outputs as after a reset.");

static PyObject *batch_set_state(Batch *b, PyObject *args) {
    int k;
    PyObject *state;
    if (!PyArg_ParseTuple(args, "iO", &k, &state) || env_index(b, k) < 0 || not_busy(b) < 0)
        return NULL;
    Game g;
    if (decode(state, &g) < 0) return NULL;
    if (g.players != b->players || g.tortuga != b->tortuga) {
        PyErr_SetString(PyExc_ValueError, "state: another player count or version than the batch's");
        return NULL;
    }
    if (g.won) {
        PyErr_SetString(PyExc_ValueError, "state: the game is over");
        return NULL;
    }
    b->games[k] = g;
    b->steps[k] = 0;
    emit(b, k, g.current, 0.0f, 0, 0);
    Py_RETURN_NONE;
}

static PyMethodDef batch_methods[] = {
    {"reset", (PyCFunction)(void (*)(void))batch_reset, METH_VARARGS | METH_KEYWORDS,
     batch_reset_doc},
    {"step", (PyCFunction)batch_step, METH_O, batch_step_doc},
    {"game_seeds", (PyCFunction)batch_seeds, METH_NOARGS, batch_seeds_doc},
    {"game_lengths", (PyCFunction)batch_lengths, METH_NOARGS, batch_lengths_doc},
    {"get_state", (PyCFunction)batch_get_state, METH_VARARGS, batch_get_state_doc},
    {"set_state", (PyCFunction)batch_set_state, METH_VARARGS, batch_set_state_doc},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef batch_members[] = {
    {"num_envs", T_INT, offsetof(Batch, num), READONLY, "games in the batch"},
    {"players", T_INT, offsetof(Batch, players), READONLY, "seats per game"},
    {"size", T_INT, offsetof(Batch, size), READONLY, "observation floats per game"},
    {NULL, 0, 0, 0, NULL},
};

PyDoc_STRVAR(batch_doc,
             "Batch(num_envs, players, variant, max_actions, obs, mask, reward, rewards,\n"
             "      terminated, truncated, seat)\n--\n\n"
             "B Cartagena games stepping together, writing into the given arrays (see\n"
             "games/cartagena/vector.py): obs float32 (B, size), mask bool (B, 261), reward\n"
             "float32 (B,), rewards float32 (B, players), terminated and truncated bool (B,),\n"
             "seat int64 (B,). Call reset() before step().");

static PyTypeObject BatchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "buccaneer.games.cartagena.compiled_c.Batch",
    .tp_basicsize = sizeof(Batch),
    .tp_dealloc = (destructor)batch_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = batch_doc,
    .tp_methods = batch_methods,
    .tp_members = batch_members,
    .tp_new = batch_new,
};

PyDoc_STRVAR(heuristic_constants_doc,
             "heuristic_constants()\n--\n\n"
             "The heuristic's tuned numbers as the kernel holds them: (CARD_TOP, CARD_DECAY,\n"
             "CARD_FLOOR, SURPLUS_CARD, SQUARES_PER_CARD, REAR_BONUS, ROW_WEIGHT, TYPICAL_GAIN,\n"
             "WIN), for the test that they are bot.py's.");

static PyObject *k_heuristic_constants(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return Py_BuildValue("(ddddddddd)", CARD_TOP, CARD_DECAY, CARD_FLOOR, SURPLUS_CARD,
                         (double)SQUARES_PER_CARD, REAR_BONUS, ROW_WEIGHT, TYPICAL_GAIN, WIN);
}

static PyMethodDef methods[] = {
    {"playouts", (PyCFunction)(void (*)(void))k_playouts, METH_VARARGS | METH_KEYWORDS,
     playouts_doc},
    {"trace", (PyCFunction)(void (*)(void))k_trace, METH_VARARGS | METH_KEYWORDS, trace_doc},
    {"setup", (PyCFunction)(void (*)(void))k_setup, METH_VARARGS | METH_KEYWORDS, setup_doc},
    {"step", (PyCFunction)(void (*)(void))k_step, METH_VARARGS | METH_KEYWORDS, step_doc},
    {"playout_from", (PyCFunction)(void (*)(void))k_playout_from, METH_VARARGS | METH_KEYWORDS,
     playout_from_doc},
    {"playouts_from", (PyCFunction)(void (*)(void))k_playouts_from, METH_VARARGS | METH_KEYWORDS,
     playouts_from_doc},
    {"games", (PyCFunction)(void (*)(void))k_games, METH_VARARGS | METH_KEYWORDS, games_doc},
    {"heuristic_constants", (PyCFunction)k_heuristic_constants, METH_NOARGS,
     heuristic_constants_doc},
    {"heuristic_playout", (PyCFunction)(void (*)(void))k_heuristic_playout,
     METH_VARARGS | METH_KEYWORDS, heuristic_playout_doc},
    {"heuristic_step", (PyCFunction)(void (*)(void))k_heuristic_step,
     METH_VARARGS | METH_KEYWORDS, heuristic_step_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "buccaneer.games.cartagena.compiled_c",
    "Cartagena random and heuristic playouts, and whole random games with their course, in C,\n"
    "a checked copy of the Python rules (rules.py) and bot (bot.py).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit_compiled_c(void) {
    init_tables();
    if (PyType_Ready(&BatchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddIntConstant(m, "VERSION", 1) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&BatchType);
    if (PyModule_AddObject(m, "Batch", (PyObject *)&BatchType) < 0) {
        Py_DECREF(&BatchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* A compiled copy of the Tortuga heuristic's decisions (bot.py with bot_model.py's Table).
 *
 * Why: the heuristic plays every seat of ISMCTS's rollouts, and in Python its valuation
 * (Table, _Worth) cost ~90 us per dice selection, most of a heuristic playout.  Here the same
 * valuation costs a few microseconds, marshalling included.
 *
 * The Python bot stays the reference: this file chooses exactly the action it chooses, ties
 * included (Python's `max` and the `score > best` loops keep the FIRST best item, and so does
 * every loop here), and does its float arithmetic in the same order with doubles, so every
 * value is bit-equal.  The build passes -ffp-contract=off (no fused multiply-add) and no
 * -ffast-math.  tests/games/tortuga/test_compiled.py compares the two at every decision of
 * thousands of seeded games.
 *
 * The tuned numbers are not copied: `init(constants, classes)` receives them (and the action
 * classes) from compiled.py once at import, read off bot.py and bot_model.py, so there is
 * one source of truth.  Only the rules' indices are fixed here (actions fleet..raid = 0..4,
 * colours red..purple = 0..4, five dice), and `init` refuses constants that disagree.
 *
 * `choose(view, seat, legal)` reads botview.BotView (a NamedTuple, so a tuple: its
 * fields by position; SeatBotView likewise) and returns the index in `legal` of the action
 * the Python bot returns, or -1 for Forfeit when the bot forfeits an attack (bot.py returns
 * its FORFEIT constant then).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

#include "pyread.h" /* core/cext: ints, attributes, the constants dict init() is handed */

#define WHO "Tortuga compiled bot" /* how the error messages name this module */

#define NACT 5
#define NCOL 5
#define NDICE 5
#define MAXSEATS 4
#define MAXAREA 64
#define MAXTAILW 256
#define MAXTAILROWS 16
#define MAXSMALL 16
#define MAXCAP 64
#define MAXLEGAL 256
#define CACHEW 64

enum { FLEET, CREW, HUNT, BOARD, RAID };
enum { RED, BLUE, YELLOW, WHITE, PURPLE };

/* BotView's and SeatBotView's fields, by position (botview.py). */
enum {
    K_SEAT, K_SEATS, K_MY_ROLL, K_START, K_GOAL, K_PHASE, K_BAG, K_CENTER, K_TILES_LEFT,
    K_BONUS_LEFT, K_DECISION, K_FIELDS
};
enum {
    S_FLEET_BOX, S_CREW_BOX, S_FLEET_CAP, S_CREW_CAP, S_ISLAND, S_CREW, S_FLEET, S_TORTUGA,
    S_BONUS, S_PLACED, S_DICE_LEFT, S_TILES, S_FIELDS
};
/* Decision: (kind, dice, action, position, target, area) */
enum { D_KIND, D_DICE, D_ACTION, D_POSITION, D_TARGET, D_AREA, D_FIELDS };

/* -- the constants, from init() ------------------------------------------------------------- */

typedef struct {
    int ready;
    int num[NACT][NDICE];
    int cap[MAXCAP];
    int ncap;
    double tail[MAXTAILROWS][MAXTAILW];
    int ntail, tailw;
    double island_worth[MAXSMALL];
    int n_island_worth;
    double crew_worth[MAXSMALL];
    int n_crew_worth;
    double capacity_step[MAXSMALL];
    int n_capacity_step;
    double further_rolls[MAXSMALL];
    int n_further_rolls;
    double our_rolls[MAXSMALL];
    int n_our_rolls;
    double fleet_worth, piece, overflow, tile_coins, tile_best_of_two, defence, p_defends;
    double w_two, w_top, w_other, deny_two, deny_many, top_margin, chests_per_round;
    double die_kept, tile, new_tile, bonus_long;
    int average_roll, skull_face, track_min, track_max;
    PyObject *cls[8]; /* Select, Turn, Bonus, Attack, Forfeit, Seize, Claim, Place */
    PyObject *constants; /* the dict init() got, for constants() */
} Constants;

enum { C_SELECT, C_TURN, C_BONUS, C_ATTACK, C_FORFEIT, C_SEIZE, C_CLAIM, C_PLACE, C_N };

static Constants K;
static PyObject *s_dice, *s_action, *s_space, *s_target, *s_index, *s_colour;

/* -- the seat's knowledge, read once ---------------------------------------------------------- */

typedef struct {
    int fleet_box, crew_box, fleet_cap, crew_cap;
    int n_island, n_crew, n_fleet, n_tortuga;
    int island[MAXAREA], crew[MAXAREA], fleet[MAXAREA], tortuga[MAXAREA];
    int bonus[NACT];
    int placed[NDICE];
    int dice_left;
    long treasure_tiles;
} Seat;

typedef struct {
    int n, me;
    Seat seats[MAXSEATS];
    int my_roll[NDICE];
    int start, goal, phase_chests;
    int bag[NCOL];
    int n_center, center[NCOL];
    long tiles_left, bonus_tiles_left;
    PyObject *decision; /* borrowed; Py_None or a Decision tuple */
    /* derived (Table.__init__ and read_dice) */
    int pos[MAXSEATS];
    int rounds;
    int counts[4];
    double weight[MAXSEATS];
    int totals[MAXSEATS][NACT];
    /* caches (values are pure: caching changes nothing) */
    double gains[NCOL];
    unsigned char has_gain[NCOL];
    double setbacks[MAXSEATS][NACT];
    unsigned char has_setback[MAXSEATS][NACT];
} Table;

typedef struct {
    int have, tie, unplaced, bonus;
} Rival;

typedef struct {
    Table *t;
    double first[NACT], second[NACT], deny[NACT];
    int two;
    Rival rivals[NACT][MAXSEATS];
    int nrivals;
    double cache[NACT][CACHEW];
    unsigned char cached[NACT][CACHEW];
    int err; /* a Python exception is set */
} Worth;

/* -- reading Python values -------------------------------------------------------------------- */

/* A tuple of ints into `out`; its length, or -1. `exact` >= 0 demands that length. */
static int read_ints(PyObject *o, int *out, int maxlen, int exact, long lo, long hi,
                     const char *what)
{
    if (!PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "Tortuga compiled bot: %s must be a tuple, not %.100s",
                     what, Py_TYPE(o)->tp_name);
        return -1;
    }
    Py_ssize_t len = PyTuple_GET_SIZE(o);
    if ((exact >= 0 && len != exact) || len > maxlen) {
        PyErr_Format(PyExc_ValueError, "Tortuga compiled bot: %s has %zd items, expected %s%d",
                     what, len, exact >= 0 ? "" : "at most ", exact >= 0 ? exact : maxlen);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++)
        if (pyread_int(WHO, PyTuple_GET_ITEM(o, i), lo, hi, what, &out[i]) < 0) return -1;
    return (int)len;
}

static PyObject *tuple_of(PyObject *o, Py_ssize_t size, const char *what)
{
    if (!PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "Tortuga compiled bot: %s must be a tuple (NamedTuple), "
                     "not %.100s", what, Py_TYPE(o)->tp_name);
        return NULL;
    }
    if (size >= 0 && PyTuple_GET_SIZE(o) != size) {
        PyErr_Format(PyExc_ValueError, "Tortuga compiled bot: %s has %zd fields, expected %zd",
                     what, PyTuple_GET_SIZE(o), size);
        return NULL;
    }
    return o;
}

static int read_seat(PyObject *o, Seat *s)
{
    if (!tuple_of(o, S_FIELDS, "a SeatBotView")) return -1;
    long v;
    if (pyread_int(WHO, PyTuple_GET_ITEM(o, S_FLEET_BOX), K.track_min, K.track_max, "fleet_box",
                   &s->fleet_box) < 0 ||
        pyread_int(WHO, PyTuple_GET_ITEM(o, S_CREW_BOX), K.track_min, K.track_max, "crew_box",
                   &s->crew_box) < 0 ||
        pyread_int(WHO, PyTuple_GET_ITEM(o, S_FLEET_CAP), 0, 1000, "fleet_capacity",
                   &s->fleet_cap) < 0 ||
        pyread_int(WHO, PyTuple_GET_ITEM(o, S_CREW_CAP), 0, 1000, "crew_capacity",
                   &s->crew_cap) < 0)
        return -1;
    if ((s->n_island = read_ints(PyTuple_GET_ITEM(o, S_ISLAND), s->island, MAXAREA, -1, 0, 4,
                                 "island")) < 0 ||
        (s->n_crew = read_ints(PyTuple_GET_ITEM(o, S_CREW), s->crew, MAXAREA, -1, 0, 4, "crew")) < 0 ||
        (s->n_fleet = read_ints(PyTuple_GET_ITEM(o, S_FLEET), s->fleet, MAXAREA, -1, 0, 4,
                                "fleet")) < 0 ||
        (s->n_tortuga = read_ints(PyTuple_GET_ITEM(o, S_TORTUGA), s->tortuga, MAXAREA, -1, 0, 4,
                                  "tortuga")) < 0 ||
        read_ints(PyTuple_GET_ITEM(o, S_BONUS), s->bonus, NACT, NACT, 0, 1000, "bonus") < 0 ||
        read_ints(PyTuple_GET_ITEM(o, S_PLACED), s->placed, NDICE, NDICE, -1, 4, "placed") < 0)
        return -1;
    if (pyread_int(WHO, PyTuple_GET_ITEM(o, S_DICE_LEFT), 0, NDICE, "dice_left", &s->dice_left) < 0)
        return -1;
    if (pyread_long(WHO, PyTuple_GET_ITEM(o, S_TILES), 0, 1000000, "treasure_tiles", &v) < 0)
        return -1;
    s->treasure_tiles = v;
    return 0;
}

/* -- rules_scoring.py and bot_model.py's free functions --------------------------------------- */

/* scoring.count_sets */
static int count_sets(int red, int blue, int yellow, int wild)
{
    int best = 0, k = 1;
    while (3 * k <= red + blue + yellow + wild) {
        int shortfall = (k - red > 0 ? k - red : 0) + (k - blue > 0 ? k - blue : 0) +
                        (k - yellow > 0 ? k - yellow : 0);
        if (shortfall > wild) break;
        best = k;
        k += 1;
    }
    return best;
}

static inline int pos0(int x) { return x > 0 ? x : 0; }

/* bot_model.set_potential */
static double set_potential(int r, int b, int y, int w)
{
    int k = count_sets(r, b, y, w);
    int spare = w - pos0(k - r) - pos0(k - b) - pos0(k - y);
    int pieces = (r > k) + (b > k) + (y > k) + spare;
    return 3.0 * k + K.piece * (pieces < 2 ? pieces : 2);
}

/* bot_model.set_gain */
static double set_gain(const int counts[4], int colour, int sign)
{
    int c[4] = {counts[0], counts[1], counts[2], counts[3]};
    double before = set_potential(c[0], c[1], c[2], c[3]);
    if (colour < RED || colour > WHITE) return 0.0;
    c[colour] += sign;
    if (c[0] < 0 || c[1] < 0 || c[2] < 0 || c[3] < 0) return 0.0;
    return set_potential(c[0], c[1], c[2], c[3]) - before;
}

static void count_area(const int *area, int n, int counts[4])
{
    for (int i = 0; i < n; i++)
        if (area[i] <= WHITE) counts[area[i]]++;
}

/* bot_model.colour_counts: [red, blue, yellow, white] over the whole board */
static void colour_counts(const Seat *s, int counts[4])
{
    counts[0] = counts[1] = counts[2] = counts[3] = 0;
    count_area(s->tortuga, s->n_tortuga, counts);
    count_area(s->fleet, s->n_fleet, counts);
    count_area(s->crew, s->n_crew, counts);
    count_area(s->island, s->n_island, counts);
}

static int chest_points(const int *chests, int n, int each)
{
    int total = 0;
    for (int i = 0; i < n; i++) total += chests[i] == PURPLE ? 2 * each : each;
    return total;
}

/* scoring.breakdown(...)["total"] without tiles */
static long sheet_total(const Seat *s)
{
    int counts[4] = {0, 0, 0, 0};
    colour_counts(s, counts);
    int white = 0;
    for (int i = 0; i < s->n_tortuga; i++) white += s->tortuga[i] == WHITE;
    int sets = count_sets(counts[RED], counts[BLUE], counts[YELLOW], white);
    return chest_points(s->tortuga, s->n_tortuga, 3) + chest_points(s->fleet, s->n_fleet, 2) +
           chest_points(s->crew, s->n_crew, 1) + 3 * sets + s->fleet_box + s->crew_box;
}

/* CPython's float floor division (floatobject.c, float_floor_div) */
static double py_floordiv(double vx, double wx)
{
    double mod = fmod(vx, wx);
    double div = (vx - mod) / wx;
    if (mod) {
        if ((wx < 0) != (mod < 0)) {
            mod += wx;
            div -= 1.0;
        }
    }
    double floordiv;
    if (div) {
        floordiv = floor(div);
        if (div - floordiv > 0.5) floordiv += 1.0;
    } else {
        floordiv = copysign(0.0, vx / wx);
    }
    return floordiv;
}

/* bot_model.rounds_left */
static int rounds_left(const Table *t)
{
    int best = 9;
    for (int i = 0; i < t->n; i++) {
        const Seat *e = &t->seats[i];
        int done = e->n_tortuga;
        if (!t->phase_chests) done += e->n_fleet;
        if (done >= t->goal) return 0;
        done += e->n_crew < e->fleet_cap ? e->n_crew : e->fleet_cap;
        if (done >= t->goal) {
            if (best > 1) best = 1;
        } else {
            double q = py_floordiv((double)(t->goal - done) + K.chests_per_round - 1.0,
                                   K.chests_per_round);
            long r = 1 + (long)q;
            if (r < best) best = (int)r;
        }
    }
    return best;
}

/* -- Table ------------------------------------------------------------------------------------ */

static inline double island_worth(const Table *t)
{
    return K.island_worth[t->rounds < 2 ? t->rounds : 2];
}
static inline double crew_worth(const Table *t) { return K.crew_worth[t->rounds < 1 ? t->rounds : 1]; }
static inline double capacity_step(const Table *t)
{
    return K.capacity_step[t->rounds < 2 ? t->rounds : 2];
}

static int table_read(Table *t, PyObject *view, int seat)
{
    memset(t->has_gain, 0, sizeof t->has_gain);
    memset(t->has_setback, 0, sizeof t->has_setback);
    if (!tuple_of(view, K_FIELDS, "the BotView")) return -1;
    PyObject *seats = PyTuple_GET_ITEM(view, K_SEATS);
    if (!tuple_of(seats, -1, "BotView.seats")) return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(seats);
    if (n < 2 || n > MAXSEATS) {
        PyErr_Format(PyExc_ValueError, "Tortuga compiled bot: %zd seats, expected 2..%d", n,
                     MAXSEATS);
        return -1;
    }
    t->n = (int)n;
    if (seat < 0 || seat >= n) {
        PyErr_Format(PyExc_ValueError, "Tortuga compiled bot: seat %d is not one of %zd seats",
                     seat, n);
        return -1;
    }
    t->me = seat;
    for (int s = 0; s < n; s++)
        if (read_seat(PyTuple_GET_ITEM(seats, s), &t->seats[s]) < 0) return -1;
    long v;
    if (read_ints(PyTuple_GET_ITEM(view, K_MY_ROLL), t->my_roll, NDICE, NDICE, -1,
                  K.skull_face, "my_roll") < 0 ||
        pyread_int(WHO, PyTuple_GET_ITEM(view, K_START), 0, n - 1, "start_player",
                   &t->start) < 0 ||
        pyread_int(WHO, PyTuple_GET_ITEM(view, K_GOAL), 0, 1000, "goal", &t->goal) < 0 ||
        read_ints(PyTuple_GET_ITEM(view, K_BAG), t->bag, NCOL, NCOL, 0, 1000, "bag") < 0 ||
        (t->n_center = read_ints(PyTuple_GET_ITEM(view, K_CENTER), t->center, NCOL, -1, 0, 4,
                                 "center_island")) < 0)
        return -1;
    if (pyread_long(WHO, PyTuple_GET_ITEM(view, K_TILES_LEFT), 0, 1000000, "treasure_tiles_left",
                    &v) < 0)
        return -1;
    t->tiles_left = v;
    if (pyread_long(WHO, PyTuple_GET_ITEM(view, K_BONUS_LEFT), 0, 1000000, "bonus_tiles_left",
                    &v) < 0)
        return -1;
    t->bonus_tiles_left = v;
    PyObject *phase = PyTuple_GET_ITEM(view, K_PHASE);
    if (!PyUnicode_Check(phase)) {
        PyErr_SetString(PyExc_TypeError, "Tortuga compiled bot: BotView.phase must be a str");
        return -1;
    }
    t->phase_chests = PyUnicode_CompareWithASCIIString(phase, "chests") == 0;
    t->decision = PyTuple_GET_ITEM(view, K_DECISION);

    /* Table.__init__ */
    for (int s = 0; s < n; s++) t->pos[s] = ((s - t->start) % t->n + t->n) % t->n;
    t->rounds = rounds_left(t);
    colour_counts(&t->seats[seat], t->counts);
    if (n == 2) {
        t->weight[0] = t->weight[1] = K.w_two;
    } else {
        double guess[MAXSEATS] = {0.0, 0.0, 0.0, 0.0};
        for (int s = 0; s < n; s++)
            if (s != seat)
                guess[s] = (double)sheet_total(&t->seats[s]) +
                           K.tile_coins * (double)t->seats[s].treasure_tiles;
        double top = 0.0;
        int any = 0;
        for (int s = 0; s < n; s++)
            if (s != seat && (!any || guess[s] > top)) {
                top = guess[s];
                any = 1;
            }
        for (int s = 0; s < n; s++)
            t->weight[s] = guess[s] >= top - K.top_margin ? K.w_top : K.w_other;
    }
    /* read_dice */
    for (int s = 0; s < n; s++) {
        const Seat *e = &t->seats[s];
        int sums[NACT] = {0, 0, 0, 0, 0};
        for (int die = 0; die < NDICE; die++)
            if (e->placed[die] >= 0) sums[e->placed[die]] += K.num[e->placed[die]][die];
        for (int a = 0; a < NACT; a++) t->totals[s][a] = sums[a] ? sums[a] + e->bonus[a] : 0;
    }
    return 0;
}

static int placed_count(const Table *t, int seat, int action)
{
    int c = 0;
    for (int d = 0; d < NDICE; d++) c += t->seats[seat].placed[d] == action;
    return c;
}

/* Table.gain */
static double table_gain(Table *t, int colour)
{
    if (t->has_gain[colour]) return t->gains[colour];
    const Seat *me = &t->seats[t->me];
    double base = island_worth(t);
    if (colour == PURPLE) base *= 2;
    double value = base + set_gain(t->counts, colour, 1);
    if (me->n_island + 2 > me->crew_cap) value *= K.overflow;
    t->gains[colour] = value;
    t->has_gain[colour] = 1;
    return value;
}

/* Table.loss; `fleet`: the area is "fleet" (else "crew") */
static double table_loss(const Table *t, int seat, int colour, int fleet)
{
    double base = fleet ? K.fleet_worth : crew_worth(t);
    if (colour == PURPLE) base *= 2;
    int other[4];
    const int *counts = t->counts;
    if (seat != t->me) {
        colour_counts(&t->seats[seat], other);
        counts = other;
    }
    return base - set_gain(counts, colour, -1);
}

/* Table.keep_value */
static double keep_value(int colour, const int counts[4])
{
    double base = colour == PURPLE ? 2.0 : 1.0;
    return base + set_gain(counts, colour, 1);
}

/* Table.hunt_chest */
static double hunt_chest(Table *t)
{
    long total = 0;
    for (int c = 0; c < NCOL; c++) total += t->bag[c];
    if (!total) return 0.0;
    double sum = 0.0;
    for (int c = 0; c < NCOL; c++)
        if (t->bag[c]) sum += (double)t->bag[c] * table_gain(t, c);
    return sum / (double)total;
}

/* Table.advance; `waiting` is an int or a float in Python: the same double either way */
static double advance(const Table *t, int box, int steps, double waiting, double chest)
{
    int nw = box + steps < K.track_max ? box + steps : K.track_max;
    int gained = K.cap[nw] - K.cap[box];
    double over = waiting - (double)K.cap[box];
    double room = over > 0.0 ? over : 0.0; /* max(0.0, x): 0.0 unless x > 0.0 */
    double saved = room < (double)gained ? room : (double)gained; /* min(float(g), room) */
    return ((double)(nw - box) + saved * chest) + (double)gained * capacity_step(t);
}

/* Table.setback */
static double setback(Table *t, int seat, int action)
{
    if (t->has_setback[seat][action]) return t->setbacks[seat][action];
    const Seat *e = &t->seats[seat];
    int box, area, feed;
    double worth, feed_worth;
    if (action == BOARD) {
        box = e->fleet_box;
        area = e->n_fleet;
        feed = e->n_crew;
        worth = K.fleet_worth;
        feed_worth = crew_worth(t);
    } else {
        box = e->crew_box;
        area = e->n_crew;
        feed = e->n_island + 1;
        worth = crew_worth(t);
        feed_worth = island_worth(t);
    }
    double value;
    if (box <= K.track_min) {
        value = 0.0;
    } else {
        int nw = box - 1;
        int lost = pos0(area - K.cap[nw]);
        int cut = pos0((feed < K.cap[box] ? feed : K.cap[box]) - K.cap[nw]);
        double later = (double)(K.cap[box] - K.cap[nw]) * capacity_step(t);
        value = ((1.0 + lost * worth) + cut * feed_worth) + later;
    }
    t->setbacks[seat][action] = value;
    t->has_setback[seat][action] = 1;
    return value;
}

/* Table.defends */
static double defends(const Table *t, int seat, int action)
{
    for (int d = 0; d < NDICE; d++)
        if (t->seats[seat].placed[d] == action) return 1.0;
    return t->seats[seat].dice_left ? K.p_defends : 0.0;
}

/* Table.attack_pair */
static void attack_pair(Table *t, int action, int target, double *first_out, double *second_out)
{
    const Seat *e = &t->seats[target];
    int board = action == BOARD;
    const int *area = board ? e->fleet : e->crew;
    int narea = board ? e->n_fleet : e->n_crew;
    double weight = t->weight[target];
    double own_cost = defends(t, target, action) * setback(t, t->me, action);
    double harm = weight * setback(t, target, action) - own_cost;
    int box = board ? e->fleet_box : e->crew_box;
    int room = box > K.track_min ? K.cap[box - 1] : K.cap[box];
    double first;
    if (narea) {
        double seize = -1e9;
        unsigned char seen[NCOL] = {0, 0, 0, 0, 0};
        for (int i = 0; i < narea; i++) seen[area[i]] = 1;
        for (int colour = 0; colour < NCOL; colour++) { /* set(area) iterates ascending */
            if (!seen[colour]) continue;
            double value = table_gain(t, colour) + weight * table_loss(t, target, colour, board);
            if (value > seize) seize = value;
        }
        if (narea > room) seize -= weight * (board ? K.fleet_worth : crew_worth(t));
        first = seize + harm;
    } else {
        first = harm;
    }
    *first_out = first;
    if (t->n == 2) {
        *second_out = 0.0;
        return;
    }
    double claim = 0.0;
    for (int i = 0; i < t->n_center; i++) {
        double g = table_gain(t, t->center[i]);
        if (g > claim) claim = g;
    }
    for (int i = room; i < narea; i++) {
        double g = table_gain(t, area[i]);
        if (g > claim) claim = g;
    }
    *second_out = claim + harm;
}

/* Table.action_values */
static void action_values(Table *t, double first[NACT], double second[NACT])
{
    const Seat *me = &t->seats[t->me];
    int two = t->n == 2;
    int tiles = t->tiles_left > 0;
    for (int a = 0; a < NACT; a++) first[a] = second[a] = 0.0;
    double island_in = (double)me->n_island + 1.3;
    first[FLEET] = advance(t, me->fleet_box, two ? 1 : 2, (double)me->n_crew, 2.5);
    first[CREW] = advance(t, me->crew_box, two ? 1 : 2, island_in, island_worth(t));
    first[HUNT] = hunt_chest(t) + (!tiles ? 0.0 : two ? K.tile_coins : K.tile_best_of_two);
    if (!two) {
        second[FLEET] = advance(t, me->fleet_box, 1, (double)me->n_crew, 2.5);
        second[CREW] = advance(t, me->crew_box, 1, island_in, island_worth(t));
        second[HUNT] = tiles ? K.tile_coins : 0.0;
    }
    static const int attacks[2] = {BOARD, RAID};
    for (int i = 0; i < 2; i++) {
        int action = attacks[i];
        for (int target = 0; target < t->n; target++) {
            if (target == t->me) continue;
            double one, two_;
            attack_pair(t, action, target, &one, &two_);
            if (one > first[action]) first[action] = one;
            if (two_ > second[action]) second[action] = two_;
        }
    }
}

/* Table.denials */
static void denials(Table *t, double deny[NACT])
{
    int n = t->n, me = t->me;
    double scale = n == 2 ? K.deny_two : K.deny_many;
    for (int a = 0; a < NACT; a++) deny[a] = 0.0;
    if (!scale) return;
    int rival = -1;
    for (int s = 0; s < n; s++)
        if (s != me && (rival < 0 || t->weight[s] > t->weight[rival])) rival = s;
    double weight = t->weight[rival];
    const Seat *e = &t->seats[rival];
    int steps = n == 2 ? 1 : 2;
    int tiles = t->tiles_left > 0;
    double island = island_worth(t);
    deny[FLEET] = weight * advance(t, e->fleet_box, steps, (double)e->n_crew, 2.5);
    deny[CREW] = weight * advance(t, e->crew_box, steps, (double)e->n_island + 1.3, island);
    deny[HUNT] = weight * ((island + K.piece) + (tiles ? K.tile_coins : 0.0));
    const Seat *mine = &t->seats[me];
    double share = 1.0 / (double)(n - 1);
    for (int i = 0; i < 2; i++) {
        int action = i ? RAID : BOARD;
        const int *area = action == BOARD ? mine->fleet : mine->crew;
        int narea = action == BOARD ? mine->n_fleet : mine->n_crew;
        unsigned char seen[NCOL] = {0, 0, 0, 0, 0};
        for (int j = 0; j < narea; j++) seen[area[j]] = 1;
        double taken = 0.0;
        for (int colour = 0; colour < NCOL; colour++) {
            if (!seen[colour]) continue;
            double won = weight * island * (double)(colour == PURPLE ? 2 : 1);
            double value = table_loss(t, me, colour, action == BOARD) + won;
            if (value > taken) taken = value;
        }
        deny[action] = share * (taken + setback(t, me, action));
    }
    for (int a = 0; a < NACT; a++) deny[a] = scale * deny[a];
}

/* Table.rivals */
static int rivals(const Table *t, int action, Rival *out)
{
    int mine = t->pos[t->me], count = 0;
    for (int s = 0; s < t->n; s++) {
        if (s == t->me) continue;
        int unplaced = t->seats[s].dice_left;
        if (unplaced && (action == BOARD || action == RAID)) {
            const Seat *e = &t->seats[s];
            int cap = action == BOARD ? e->fleet_cap : e->crew_cap;
            int room = pos0(cap - placed_count(t, s, action));
            if (room < unplaced) unplaced = room;
        }
        out[count].have = t->totals[s][action];
        out[count].tie = t->pos[s] < mine ? 0 : 1;
        out[count].unplaced = unplaced;
        out[count].bonus = t->seats[s].bonus[action];
        count++;
    }
    return count;
}

/* -- bot._Worth ------------------------------------------------------------------------------- */

static void worth_init(Worth *w, Table *t)
{
    w->t = t;
    w->err = 0;
    action_values(t, w->first, w->second);
    denials(t, w->deny);
    w->two = t->n == 2;
    for (int a = 0; a < NACT; a++) w->nrivals = rivals(t, a, w->rivals[a]);
    memset(w->cached, 0, sizeof w->cached);
}

/* _Worth.__call__ */
static double worth_of(Worth *w, int action, int total)
{
    if (total >= 0 && total < CACHEW && w->cached[action][total]) return w->cache[action][total];
    double beaten[MAXSEATS];
    double clear = 1.0;
    int nr = w->nrivals;
    for (int i = 0; i < nr; i++) {
        const Rival *r = &w->rivals[action][i];
        int k;
        if (r->have) {
            k = total + r->tie - r->have;
        } else {
            k = total + r->tie - r->bonus;
            if (k < 1) k = 1;
        }
        double p;
        if (k <= 0) {
            p = 1.0;
        } else {
            if (k >= K.tailw) {
                if (!w->err) PyErr_SetString(PyExc_IndexError, "tuple index out of range (TAIL)");
                w->err = 1;
                return 0.0;
            }
            p = K.tail[r->unplaced][k];
        }
        beaten[i] = p;
        clear *= 1.0 - p;
    }
    double value = -(1.0 - clear) * w->deny[action];
    if (total > 0) {
        value += clear * w->first[action];
        if (!w->two && w->second[action]) {
            double one = 0.0;
            for (int i = 0; i < nr; i++) {
                double p = beaten[i];
                if (p) {
                    double rest = p;
                    for (int j = 0; j < nr; j++)
                        if (j != i) rest *= 1.0 - beaten[j];
                    one += rest;
                }
            }
            value += one * w->second[action];
        }
    }
    if (total >= 0 && total < CACHEW) {
        w->cache[action][total] = value;
        w->cached[action][total] = 1;
    }
    return value;
}

/* _Worth.added */
static double worth_added(Worth *w, int action, const int *dice, int ndice)
{
    Table *t = w->t;
    int now = t->totals[t->me][action];
    int add = 0;
    for (int i = 0; i < ndice; i++) add += K.num[action][dice[i]];
    if (!now) add += t->seats[t->me].bonus[action];
    double gain = worth_of(w, action, now + add) - worth_of(w, action, now);
    if (!now && (action == BOARD || action == RAID)) gain += K.defence;
    return gain;
}

/* bot._room */
static int room_for(const Table *t, int action)
{
    int used = placed_count(t, t->me, action);
    if (action == BOARD) return K.cap[t->seats[t->me].fleet_box] - used;
    if (action == RAID) return K.cap[t->seats[t->me].crew_box] - used;
    return NDICE - used;
}

static int has_one(const int bonus[NACT])
{
    for (int a = 0; a < NACT; a++)
        if (bonus[a] == 1) return 1;
    return 0;
}

/* bot._finish_terms */
static void finish_terms(const Table *t, double *terms)
{
    int me = t->me;
    long tiles_left = t->bonus_tiles_left;
    int can_take = tiles_left != 0 || has_one(t->seats[me].bonus);
    double further[MAXSEATS];
    int others[MAXSEATS], no = 0;
    double longest = 0.0;
    for (int s = 0; s < t->n; s++) {
        if (s == me) continue;
        others[no] = s;
        further[no] = K.further_rolls[t->seats[s].dice_left];
        if (no == 0 || further[no] > longest) longest = further[no];
        no++;
    }
    for (int kept = 0; kept < K.n_our_rolls; kept++) {
        double ours = K.our_rolls[kept];
        double value = 0.0;
        if (can_take) {
            double d = longest - ours;
            value = K.tile * (d > 0.0 ? d : 0.0);
        }
        if (ours) {
            for (int i = 0; i < no; i++) {
                int s = others[i];
                double theirs = further[i];
                if (ours > theirs && (tiles_left || has_one(t->seats[s].bonus)))
                    value -= K.tile * t->weight[s] * (ours - theirs);
            }
        }
        terms[kept] = value;
    }
}

/* -- reading the legal actions ---------------------------------------------------------------- */

static PyObject *decision_of(const Table *t)
{
    PyObject *d = t->decision;
    if (d == Py_None) {
        PyErr_SetString(PyExc_ValueError,
                        "Tortuga compiled bot: this decision needs BotView.decision, got None");
        return NULL;
    }
    return tuple_of(d, D_FIELDS, "BotView.decision");
}

/* -- the decisions (bot.py) ------------------------------------------------------------------- */

/* bot._select */
static Py_ssize_t decide_select(Table *t, PyObject **items, Py_ssize_t n)
{
    Worth w;
    int me = t->me;
    int rolled = 0;
    for (int d = 0; d < NDICE; d++) rolled += t->my_roll[d] >= 0;
    worth_init(&w, t);
    const int *totals = t->totals[me];
    const int *bonus = t->seats[me].bonus;
    int rooms[NACT];
    for (int a = 0; a < NACT; a++) rooms[a] = room_for(t, a);
    double best_die = 0.0;
    for (int a = 0; a < NACT; a++) {
        if (rooms[a] > 0) {
            int now = totals[a];
            int then = now + K.average_roll + (now ? 0 : bonus[a]);
            double d = worth_of(&w, a, then) - worth_of(&w, a, now);
            if (d > best_die) best_die = d;
        }
    }
    double die_kept = K.die_kept * best_die;
    double finish[MAXSMALL];
    finish_terms(t, finish);
    Py_ssize_t best = 0;
    double best_score = -INFINITY;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *choice = items[i];
        if (!PyObject_TypeCheck(choice, (PyTypeObject *)K.cls[C_SELECT])) {
            PyErr_SetString(PyExc_TypeError, "Tortuga compiled bot: a dice selection mixed "
                                             "with other actions");
            return -2;
        }
        PyObject *dobj = PyObject_GetAttr(choice, s_dice);
        if (!dobj) return -2;
        int dice[NDICE];
        int nd = read_ints(dobj, dice, NDICE, -1, 0, NDICE - 1, "Select.dice");
        Py_DECREF(dobj);
        if (nd < 0) return -2;
        int kept = rolled - nd;
        int action = -1;
        for (int j = 0; j < nd; j++) {
            if (t->my_roll[dice[j]] != K.skull_face) {
                action = t->my_roll[dice[j]];
                break;
            }
        }
        double gain;
        if (action >= 0) {
            gain = worth_added(&w, action, dice, nd);
        } else {
            gain = 0.0;
            int any = 0;
            for (int a = 0; a < NACT; a++) {
                if (rooms[a] >= nd) {
                    double g = worth_added(&w, a, dice, nd);
                    if (!any || g > gain) gain = g;
                    any = 1;
                }
            }
        }
        int idx = kept < K.n_our_rolls - 1 ? kept : K.n_our_rolls - 1;
        if (idx < 0) idx += K.n_our_rolls; /* Python's negative index */
        if (idx < 0) {
            PyErr_SetString(PyExc_IndexError, "list index out of range (finish)");
            return -2;
        }
        double score = (gain + die_kept * (double)kept) + finish[idx];
        if (score > best_score) {
            best = i;
            best_score = score;
        }
    }
    if (w.err) return -2;
    return best;
}

/* bot._turn */
static Py_ssize_t decide_turn(Table *t, PyObject **items, Py_ssize_t n)
{
    PyObject *d = decision_of(t);
    if (!d) return -2;
    int dice[NDICE];
    int nd = read_ints(PyTuple_GET_ITEM(d, D_DICE), dice, NDICE, -1, 0, NDICE - 1,
                       "Decision.dice");
    if (nd < 0) return -2;
    Worth w;
    worth_init(&w, t);
    Py_ssize_t best = 0;
    double best_key = 0.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        double key = 0.0;
        if (PyObject_TypeCheck(items[i], (PyTypeObject *)K.cls[C_TURN])) {
            int action;
            if (pyread_attr_int(WHO, items[i], s_action, 0, NACT - 1, &action) < 0) return -2;
            key = worth_added(&w, action, dice, nd);
        }
        if (i == 0 || key > best_key) {
            best = i;
            best_key = key;
        }
    }
    if (w.err) return -2;
    return best;
}

/* bot._bonus */
static Py_ssize_t decide_bonus(Table *t, PyObject **items, Py_ssize_t n)
{
    Worth w;
    worth_init(&w, t);
    int me = t->me;
    const int *totals = t->totals[me];
    Py_ssize_t best = 0;
    double best_score = -INFINITY;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyObject_TypeCheck(items[i], (PyTypeObject *)K.cls[C_BONUS])) {
            PyErr_SetString(PyExc_TypeError, "Tortuga compiled bot: a bonus tile decision "
                                             "mixed with other actions");
            return -2;
        }
        int a;
        if (pyread_attr_int(WHO, items[i], s_space, 0, NACT - 1, &a) < 0) return -2;
        double score = K.bonus_long * (double)t->rounds * w.first[a];
        if (totals[a]) score += worth_of(&w, a, totals[a] + 1) - worth_of(&w, a, totals[a]);
        if (!t->seats[me].bonus[a]) score += K.new_tile;
        if (score > best_score) {
            best = i;
            best_score = score;
        }
    }
    if (w.err) return -2;
    return best;
}

/* bot._attack: -1 stands for bot.py's FORFEIT */
static Py_ssize_t decide_attack(Table *t, PyObject **items, Py_ssize_t n)
{
    PyObject *d = decision_of(t);
    if (!d) return -2;
    int action, position;
    if (pyread_int(WHO, PyTuple_GET_ITEM(d, D_ACTION), 0, NACT - 1, "Decision.action",
                   &action) < 0 ||
        pyread_int(WHO, PyTuple_GET_ITEM(d, D_POSITION), 0, 1000, "Decision.position",
                   &position) < 0)
        return -2;
    int first = position == 1;
    Py_ssize_t best = -1;
    double best_score = 0.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyObject_TypeCheck(items[i], (PyTypeObject *)K.cls[C_ATTACK])) continue;
        int target;
        if (pyread_attr_int(WHO, items[i], s_target, 0, t->n - 1, &target) < 0) return -2;
        double one, two;
        attack_pair(t, action, target, &one, &two);
        double score = first ? one : two;
        if (score > best_score) {
            best = i;
            best_score = score;
        }
    }
    return best;
}

/* bot._seize */
static Py_ssize_t decide_seize(Table *t, PyObject **items, Py_ssize_t n)
{
    PyObject *d = decision_of(t);
    if (!d) return -2;
    int target;
    if (pyread_int(WHO, PyTuple_GET_ITEM(d, D_TARGET), 0, t->n - 1, "Decision.target", &target) < 0)
        return -2;
    PyObject *name = PyTuple_GET_ITEM(d, D_AREA);
    if (!PyUnicode_Check(name)) {
        PyErr_SetString(PyExc_TypeError, "Tortuga compiled bot: Decision.area must be a str");
        return -2;
    }
    int fleet = PyUnicode_CompareWithASCIIString(name, "fleet") == 0;
    const Seat *e = &t->seats[target];
    const int *area = fleet ? e->fleet : e->crew;
    int narea = fleet ? e->n_fleet : e->n_crew;
    double weight = t->weight[target];
    Py_ssize_t best = 0;
    double best_key = 0.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyObject_TypeCheck(items[i], (PyTypeObject *)K.cls[C_SEIZE])) {
            PyErr_SetString(PyExc_TypeError, "Tortuga compiled bot: a seize decision mixed "
                                             "with other actions");
            return -2;
        }
        int index;
        if (pyread_attr_int(WHO, items[i], s_index, 0, narea ? narea - 1 : -1, &index) < 0)
            return -2;
        int colour = area[index];
        double key = table_gain(t, colour) + weight * table_loss(t, target, colour, fleet);
        if (i == 0 || key > best_key) {
            best = i;
            best_key = key;
        }
    }
    return best;
}

/* bot._claim and bot._place: the first action of the most worth */
static Py_ssize_t decide_colour(Table *t, PyObject **items, Py_ssize_t n, int cls, int place)
{
    int counts[4];
    if (place) colour_counts(&t->seats[t->me], counts);
    Py_ssize_t best = 0;
    double best_key = 0.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        double key = 0.0;
        if (PyObject_TypeCheck(items[i], (PyTypeObject *)K.cls[cls])) {
            int colour;
            if (pyread_attr_int(WHO, items[i], s_colour, 0, NCOL - 1, &colour) < 0) return -2;
            key = place ? keep_value(colour, counts) : table_gain(t, colour);
        }
        if (i == 0 || key > best_key) {
            best = i;
            best_key = key;
        }
    }
    return best;
}

static PyObject *cbot_choose(PyObject *self, PyObject *args)
{
    PyObject *view, *legal;
    int seat;
    if (!PyArg_ParseTuple(args, "OiO:choose", &view, &seat, &legal)) return NULL;
    if (!K.ready) {
        PyErr_SetString(PyExc_RuntimeError, "Tortuga compiled bot: init() was not called");
        return NULL;
    }
    if (!PyList_Check(legal)) {
        PyErr_Format(PyExc_TypeError, "Tortuga compiled bot: legal must be a list, not %.100s",
                     Py_TYPE(legal)->tp_name);
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(legal);
    if (n == 0) {
        PyErr_SetString(PyExc_ValueError, "Tortuga compiled bot: no legal actions");
        return NULL;
    }
    /* Hold the items: nothing here runs Python code that could change the list, but
     * attribute reads could in principle; a strong reference keeps the list alive. */
    Py_INCREF(legal);
    PyObject **items = PySequence_Fast_ITEMS(legal);
    Table t;
    Py_ssize_t chosen = -2;
    if (table_read(&t, view, seat) == 0) {
        PyObject *head = items[0];
        PyTypeObject *type = Py_TYPE(head);
        if (type == (PyTypeObject *)K.cls[C_SELECT])
            chosen = decide_select(&t, items, n);
        else if (type == (PyTypeObject *)K.cls[C_TURN])
            chosen = decide_turn(&t, items, n);
        else if (type == (PyTypeObject *)K.cls[C_BONUS])
            chosen = decide_bonus(&t, items, n);
        else if (type == (PyTypeObject *)K.cls[C_ATTACK] ||
                 type == (PyTypeObject *)K.cls[C_FORFEIT])
            chosen = decide_attack(&t, items, n);
        else if (type == (PyTypeObject *)K.cls[C_SEIZE])
            chosen = decide_seize(&t, items, n);
        else if (type == (PyTypeObject *)K.cls[C_CLAIM])
            chosen = decide_colour(&t, items, n, C_CLAIM, 0);
        else if (type == (PyTypeObject *)K.cls[C_PLACE])
            chosen = decide_colour(&t, items, n, C_PLACE, 1);
        else
            chosen = 0; /* bot.py: `return head` */
    }
    Py_DECREF(legal);
    if (chosen < -1) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_SystemError, "Tortuga compiled bot: failed without a reason");
        return NULL;
    }
    return PyLong_FromSsize_t(chosen);
}

/* -- init ------------------------------------------------------------------------------------- */

static int get_double(PyObject *dict, const char *key, double *out)
{
    PyObject *v = pyread_need(WHO, dict, key);
    if (!v) return -1;
    if (!PyFloat_Check(v) && !PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "Tortuga compiled bot: %s must be a number", key);
        return -1;
    }
    double d = PyFloat_AsDouble(v);
    if (d == -1.0 && PyErr_Occurred()) return -1;
    *out = d;
    return 0;
}

static int doubles_of(PyObject *o, double *out, int minlen, int maxlen, const char *key)
{
    if (!PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "Tortuga compiled bot: %s must be a tuple", key);
        return -1;
    }
    Py_ssize_t len = PyTuple_GET_SIZE(o);
    if (len < minlen || len > maxlen) {
        PyErr_Format(PyExc_ValueError, "Tortuga compiled bot: %s has %zd items, expected %d..%d",
                     key, len, minlen, maxlen);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *x = PyTuple_GET_ITEM(o, i);
        if (!PyFloat_Check(x) && !PyLong_Check(x)) {
            PyErr_Format(PyExc_TypeError, "Tortuga compiled bot: %s must hold numbers", key);
            return -1;
        }
        out[i] = PyFloat_AsDouble(x);
        if (out[i] == -1.0 && PyErr_Occurred()) return -1;
    }
    return (int)len;
}

static int get_doubles(PyObject *dict, const char *key, double *out, int minlen, int maxlen)
{
    PyObject *v = pyread_need(WHO, dict, key);
    return v ? doubles_of(v, out, minlen, maxlen, key) : -1;
}

static PyObject *cbot_init(PyObject *self, PyObject *args)
{
    PyObject *dict, *classes;
    if (!PyArg_ParseTuple(args, "O!O!:init", &PyDict_Type, &dict, &PyTuple_Type, &classes))
        return NULL;
    static Constants c; /* filled, then copied over K only when all is read */
    memset(&c, 0, sizeof c);
    /* the rules' indices this file names (enum above) */
    static const PyreadIndex indices[] = {
        {"FLEET", FLEET}, {"CREW", CREW},     {"HUNT", HUNT},   {"BOARD", BOARD},
        {"RAID", RAID},   {"RED", RED},       {"BLUE", BLUE},   {"YELLOW", YELLOW},
        {"WHITE", WHITE}, {"PURPLE", PURPLE}, {"DICE", NDICE},
    };
    if (pyread_expect_all(WHO, dict, indices, sizeof indices / sizeof indices[0]) < 0) return NULL;
    if (pyread_get_int(WHO, dict, "TRACK_MIN", 0, MAXCAP - 2, &c.track_min) < 0 ||
        pyread_get_int(WHO, dict, "TRACK_MAX", c.track_min, MAXCAP - 2, &c.track_max) < 0 ||
        pyread_get_int(WHO, dict, "SKULL_FACE", NACT, 100, &c.skull_face) < 0 ||
        pyread_get_int(WHO, dict, "AVERAGE_ROLL", 0, 100, &c.average_roll) < 0)
        return NULL;
    /* NUM: 5 x 5 ints */
    PyObject *num = pyread_need(WHO, dict, "NUM");
    if (!num) return NULL;
    if (!PyTuple_Check(num) || PyTuple_GET_SIZE(num) != NACT) {
        PyErr_SetString(PyExc_ValueError, "Tortuga compiled bot: NUM must be 5 tuples");
        return NULL;
    }
    for (int a = 0; a < NACT; a++)
        if (read_ints(PyTuple_GET_ITEM(num, a), c.num[a], NDICE, NDICE, 1, 6, "NUM") < 0)
            return NULL;
    PyObject *cap = pyread_need(WHO, dict, "CAP");
    if (!cap) return NULL;
    if ((c.ncap = read_ints(cap, c.cap, MAXCAP, -1, 0, 1000, "CAP")) < 0) return NULL;
    if (c.ncap <= c.track_max) {
        PyErr_SetString(PyExc_ValueError, "Tortuga compiled bot: CAP must reach TRACK_MAX");
        return NULL;
    }
    PyObject *tail = pyread_need(WHO, dict, "TAIL");
    if (!tail) return NULL;
    if (!PyTuple_Check(tail) || PyTuple_GET_SIZE(tail) < NDICE + 1 ||
        PyTuple_GET_SIZE(tail) > MAXTAILROWS) {
        PyErr_SetString(PyExc_ValueError, "Tortuga compiled bot: TAIL must hold 6..16 rows");
        return NULL;
    }
    c.ntail = (int)PyTuple_GET_SIZE(tail);
    for (int u = 0; u < c.ntail; u++) {
        int w = doubles_of(PyTuple_GET_ITEM(tail, u), c.tail[u], 1, MAXTAILW, "TAIL");
        if (w < 0) return NULL;
        if (u == 0) c.tailw = w;
        else if (w != c.tailw) {
            PyErr_SetString(PyExc_ValueError, "Tortuga compiled bot: TAIL's rows differ in length");
            return NULL;
        }
    }
    if ((c.n_island_worth = get_doubles(dict, "ISLAND_WORTH", c.island_worth, 3, MAXSMALL)) < 0 ||
        (c.n_crew_worth = get_doubles(dict, "CREW_WORTH", c.crew_worth, 2, MAXSMALL)) < 0 ||
        (c.n_capacity_step = get_doubles(dict, "CAPACITY_STEP", c.capacity_step, 3, MAXSMALL)) < 0 ||
        (c.n_further_rolls = get_doubles(dict, "FURTHER_ROLLS", c.further_rolls, NDICE + 1,
                                         MAXSMALL)) < 0 ||
        (c.n_our_rolls = get_doubles(dict, "OUR_ROLLS", c.our_rolls, 1, MAXSMALL)) < 0)
        return NULL;
    const PyreadDouble numbers[] = {
        {"FLEET_WORTH", &c.fleet_worth},
        {"PIECE", &c.piece},
        {"OVERFLOW", &c.overflow},
        {"TILE_COINS", &c.tile_coins},
        {"TILE_BEST_OF_TWO", &c.tile_best_of_two},
        {"DEFENCE", &c.defence},
        {"P_DEFENDS", &c.p_defends},
        {"W_TWO", &c.w_two},
        {"W_TOP", &c.w_top},
        {"W_OTHER", &c.w_other},
        {"DENY_TWO", &c.deny_two},
        {"DENY_MANY", &c.deny_many},
        {"TOP_MARGIN", &c.top_margin},
        {"CHESTS_PER_ROUND", &c.chests_per_round},
        {"DIE_KEPT", &c.die_kept},
        {"TILE", &c.tile},
        {"NEW_TILE", &c.new_tile},
        {"BONUS_LONG", &c.bonus_long},
    };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        if (get_double(dict, numbers[i].key, numbers[i].out) < 0) return NULL;
    if (c.chests_per_round == 0.0) {
        PyErr_SetString(PyExc_ValueError, "Tortuga compiled bot: CHESTS_PER_ROUND is 0");
        return NULL;
    }
    if (pyread_classes(WHO, classes, c.cls, C_N,
                       "Select, Turn, Bonus, Attack, Forfeit, Seize, Claim, Place") < 0)
        return NULL;
    /* all read: swap in */
    for (int i = 0; i < C_N; i++) Py_INCREF(c.cls[i]);
    Py_INCREF(dict);
    Constants old = K;
    K = c;
    K.constants = dict;
    K.ready = 1;
    if (old.ready) {
        for (int i = 0; i < C_N; i++) Py_XDECREF(old.cls[i]);
        Py_XDECREF(old.constants);
    }
    Py_RETURN_NONE;
}

/* What init() was given and what this file read from it, for the tests. */
static PyObject *cbot_constants(PyObject *self, PyObject *noargs)
{
    if (!K.ready) Py_RETURN_NONE;
    PyObject *tail = PyTuple_New(K.ntail);
    if (!tail) return NULL;
    for (int u = 0; u < K.ntail; u++) {
        PyObject *row = PyTuple_New(K.tailw);
        if (!row) {
            Py_DECREF(tail);
            return NULL;
        }
        for (int k = 0; k < K.tailw; k++) {
            PyObject *x = PyFloat_FromDouble(K.tail[u][k]);
            if (!x) {
                Py_DECREF(row);
                Py_DECREF(tail);
                return NULL;
            }
            PyTuple_SET_ITEM(row, k, x);
        }
        PyTuple_SET_ITEM(tail, u, row);
    }
    PyObject *num = PyTuple_New(NACT);
    if (!num) {
        Py_DECREF(tail);
        return NULL;
    }
    for (int a = 0; a < NACT; a++)
        PyTuple_SET_ITEM(num, a, Py_BuildValue("(iiiii)", K.num[a][0], K.num[a][1], K.num[a][2],
                                               K.num[a][3], K.num[a][4]));
    PyObject *cap = PyTuple_New(K.ncap);
    if (!cap) {
        Py_DECREF(tail);
        Py_DECREF(num);
        return NULL;
    }
    for (int i = 0; i < K.ncap; i++) PyTuple_SET_ITEM(cap, i, PyLong_FromLong(K.cap[i]));
    PyObject *result = Py_BuildValue(
        "{s:N,s:N,s:N,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,"
        "s:i,s:i,s:i,s:i}",
        "TAIL", tail, "NUM", num, "CAP", cap, "FLEET_WORTH", K.fleet_worth, "PIECE", K.piece,
        "OVERFLOW", K.overflow, "TILE_COINS", K.tile_coins, "TILE_BEST_OF_TWO",
        K.tile_best_of_two, "DEFENCE", K.defence, "P_DEFENDS", K.p_defends, "W_TWO", K.w_two,
        "W_TOP", K.w_top, "W_OTHER", K.w_other, "DENY_TWO", K.deny_two, "DENY_MANY",
        K.deny_many, "TOP_MARGIN", K.top_margin, "CHESTS_PER_ROUND", K.chests_per_round,
        "DIE_KEPT", K.die_kept, "TILE", K.tile, "NEW_TILE", K.new_tile, "BONUS_LONG",
        K.bonus_long, "AVERAGE_ROLL", K.average_roll, "SKULL_FACE", K.skull_face, "TRACK_MIN",
        K.track_min, "TRACK_MAX", K.track_max);
    if (!result) return NULL;
    struct {
        const char *key;
        const double *arr;
        int n;
    } lists[] = {
        {"ISLAND_WORTH", K.island_worth, K.n_island_worth},
        {"CREW_WORTH", K.crew_worth, K.n_crew_worth},
        {"CAPACITY_STEP", K.capacity_step, K.n_capacity_step},
        {"FURTHER_ROLLS", K.further_rolls, K.n_further_rolls},
        {"OUR_ROLLS", K.our_rolls, K.n_our_rolls},
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        PyObject *tup = PyTuple_New(lists[i].n);
        if (!tup) {
            Py_DECREF(result);
            return NULL;
        }
        for (int j = 0; j < lists[i].n; j++)
            PyTuple_SET_ITEM(tup, j, PyFloat_FromDouble(lists[i].arr[j]));
        if (PyDict_SetItemString(result, lists[i].key, tup) < 0) {
            Py_DECREF(tup);
            Py_DECREF(result);
            return NULL;
        }
        Py_DECREF(tup);
    }
    return result;
}

static PyMethodDef cbot_methods[] = {
    {"init", cbot_init, METH_VARARGS,
     "init(constants: dict, classes: tuple) -> None\n\nThe tuned numbers and rules tables "
     "(read off bot.py and bot_model.py by compiled.py) and the action classes Select, "
     "Turn, Bonus, Attack, Forfeit, Seize, Claim, Place."},
    {"choose", cbot_choose, METH_VARARGS,
     "choose(view, seat, legal) -> int\n\nThe index in `legal` of the action the Python "
     "heuristic chooses, or -1 for its FORFEIT."},
    {"constants", cbot_constants, METH_NOARGS,
     "constants() -> dict | None\n\nThe numbers as this module holds them (for the tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cbot_module = {
    PyModuleDef_HEAD_INIT, "compiled_c",
    "A compiled copy of the Tortuga heuristic's decisions (see the header of compiled.c).", -1,
    cbot_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_compiled_c(void)
{
    s_dice = PyUnicode_InternFromString("dice");
    s_action = PyUnicode_InternFromString("action");
    s_space = PyUnicode_InternFromString("space");
    s_target = PyUnicode_InternFromString("target");
    s_index = PyUnicode_InternFromString("index");
    s_colour = PyUnicode_InternFromString("colour");
    if (!s_dice || !s_action || !s_space || !s_target || !s_index || !s_colour) return NULL;
    return PyModule_Create(&cbot_module);
}

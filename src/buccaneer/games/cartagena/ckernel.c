/* A compiled copy of Cartagena's rules for random playouts (issue 14, parts 1-2).
 *
 * The Python engine (state.py) is the rulebook; this file is a checked copy of it: the same
 * setup from a seed, the same chance stream (SplitMix64, core/rng.py), the same legal-action
 * order, the same effects of each action, draws, reshuffles, the Tortuga open row, the win and
 * the dead-position ending (docs/rulings.md).  tests/games/cartagena/test_kernel.py compares the two
 * action by action.
 *
 * A random policy both sides can reproduce: at each decision the legal action with index
 * policy.below(len(legal)) is taken, `policy` being a separate SplitMix64 stream.
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

/* -- the board (board.py) ---------------------------------------------------------------- */

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
    if (!g->won && ++g->actions_done == ACTIONS_PER_TURN) next_turn(g);
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
        if (trace) {
            PyObject *v = PyLong_FromLong(i);
            if (v == NULL || PyList_Append(trace, v) < 0) {
                Py_XDECREF(v);
                return -2;
            }
            Py_DECREF(v);
        }
        apply_index(g, &L, i);
        n++;
    }
    return n;
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
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "buccaneer.games.cartagena.ckernel",
    "Cartagena random playouts in C, a checked copy of the Python rules (state.py).",
    -1,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC PyInit_ckernel(void) {
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) return NULL;
    if (PyModule_AddIntConstant(m, "VERSION", 1) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

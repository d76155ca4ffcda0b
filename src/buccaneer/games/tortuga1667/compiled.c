/* A compiled copy of the Tortuga 1667 heuristic's hottest valuations: a turn (bot.py `_turn`
 * with everything under it in bot_values.py), a vote (`_vote`), the pointed-at seat's choice
 * (`_choose`) and the decisions about a seat (`_marque`, `_pistol`, `_give_map`).
 *
 * Why: the heuristic plays every seat of ISMCTS's rollouts, and a turn's valuation (the
 * face-down card values per revealer, the slots and looks, the pointing targets, the role
 * actions) was most of a heuristic decision's time in Python, then the votes.
 *
 * The Python bot stays the reference: `turn(ctx, legal)` returns the very list of floats
 * `bot._turn(ctx, legal)` returns, bit for bit (and `vote`, `choose`, `seat` those of
 * `bot._vote`, `bot._choose` and `bot._marque`, `_pistol`, `_give_map`): the same operations
 * in the same order on doubles (Python's `sum` adds left to right from 0, `max`/`min` keep the
 * first of equal items, dicts iterate in insertion order, and so does every loop here).  The
 * build passes -ffp-contract=off (no fused multiply-add) and no -ffast-math.  bot.py then
 * applies `_best` to that list unchanged, so ties draw from the random stream exactly as
 * before.  tests/games/tortuga1667/test_compiled.py compares the two at every such
 * decision of seeded games, determinized rollouts and random walks.
 *
 * What stays in Python: `Ctx` with the loyalty beliefs (`pf`, `pe`, `sides`, `best_friend`,
 * `acting`), cached there; this file reads those attributes and the rest off `ctx.view`
 * (botview.BotView, a NamedTuple: its fields by position).  It works out itself what bot_values.py
 * caches across calls (`face_down`, `deck_odds`, `end_and_tempo`, `attack_chance`): cheap here.
 *
 * The tuned numbers are not copied: `init(constants, classes)` receives them (and the action
 * classes, the event card names) from compiled.py once at import, read off bot.py,
 * bot_values.py and components.py, so there is one source of truth.  Only the rules' indices
 * are fixed here (nations, places, vote card sections), and `init` refuses constants that
 * disagree.  The plain numbers written inside the Python functions (spot values such as 2.2 or
 * 0.7) are code, copied here as literals, like the code around them.
 *
 * `turn`, `vote` and `choose` return None (Python then values the decision itself) for a
 * position the Python code would not value sensibly (a role action where the bot holds no such
 * role) or one with an event card name this file does not know; malformed input raises
 * TypeError or ValueError, never crashes.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <string.h>

#include "pyread.h" /* core/cext: ints, attributes, the constants dict init() is handed */

#define WHO "Tortuga 1667 compiled bot" /* how the error messages name this module */

#define MAXS 16     /* seats */
#define MAXROW 16   /* event row slots */
#define MAXHAND 16  /* vote cards in a hand */
#define MAXLEGAL 4096
#define MAXRANK 20  /* my_spot_value's memo, per place */
#define DOFF 32     /* offset of a vote difference in the distributions */
#define DW 65
#define NCARDS 16
#define NVOTE 12    /* vote card type ids 0..11 */
#define MAXBALLOT 4 /* cards in one ballot (two with El Dorado): keeps the odds tables small */
#define MAXCARDS 256 /* event cards in the game, the discard pile, the maps held */

/* Fixed indices (components.py, bot_beliefs.py); init() checks them. */
enum { BRITISH = 0, FRENCH = 1, DUTCH = 2 };
enum { SHIP_FD = 0, SHIP_JR = 1, ISLAND = 2, BOAT = 3 };
enum { CANNON = 0, WATER = 1, TORCH = 2 };
enum { SKULL = 0 };
/* Event cards, in the order compiled.CARD_NAMES lists their names. */
enum {
    ARMADA, PISTOL, BLACK_SPOT, MARQUE, FOUNTAIN, ATLANTIS, EL_DORADO, CROWS_NEST, ALBATROSS,
    SCURVY, BLACK_POWDER, CABIN_FEVER, EIGHT_BELLS, FACADE, PIRATE_CODE, STORMY_SEAS
};
enum { R_HIDDEN = -1, R_EMPTY = -2, R_OTHER = -3 };
/* botview.BotView's fields, by position. */
enum {
    V_PLAYERS, V_SEAT, V_LINES, V_HOLDS, V_TORTUGA, V_GALLEON, V_ROWBOATS, V_CHESTS, V_TEAM,
    V_HAND, V_VOTE_SIZES, V_VOTE_DECK, V_VOTE_DECK_TOP, V_PIRATE_CODE, V_ALBATROSS, V_MAPS,
    V_SCURVY, V_ROW, V_BOTTOM_FIVE, V_DECK, V_DISCARD, V_IN_GAME, V_ARMADA_LIVE, V_TIEBREAK,
    V_CURRENT, V_DECISION, V_KNOWN, V_SPOTS, V_EVIDENCE, V_FIELDS
};
/* The action classes init() gets. */
enum {
    C_POINT, C_LOOK, C_REVEAL, C_MOVE, C_ATTACK, C_MAROON, C_MUTINY, C_MOVE_CHEST, C_BRAWL,
    C_PLAY_MAP, C_VOTE, C_CHOOSE, C_TARGET, C_MARQUE_MOVE, C_MARQUE_DRAW, C_N
};

typedef double Model[3];

/* -- the constants, from init() ------------------------------------------------------------- */

typedef struct {
    int ready;
    Model neutral, support, sabotage;
    double look_info, cycle, map_value, friend_fire, keep_weight, double_vote_cost;
    double game_value, lead_weight, certainty, tempo;
    int top_counts[3], skull_count, british_count, vote_deck_size;
    PyObject *cls[C_N];
    PyObject *names; /* dict: event card name -> index above; HIDDEN, EMPTY -> R_HIDDEN, R_EMPTY */
    PyObject *constants;
} Constants;

static Constants K;
static PyObject *minus99; /* -99.0, the value of a Point at a seat not weighed */
static PyObject *s_decision, *s_view, *s_pf, *s_pe, *s_sides, *s_best_friend, *s_acting;
static PyObject *s_target, *s_slots, *s_slot, *s_to, *s_cards, *s_attack, *s_mutiny;
static PyObject *s_seat, *s_ship, *s_marque, *s_pistol, *s_give_map;

/* -- the position, read once ------------------------------------------------------------------ */

typedef struct {
    int n, me, team, acting, flag;
    int nline[3], line[3][MAXS];
    int holds[2][2], tortuga[3], galleon;
    int chests[2];
    int nhand, hand[MAXHAND];
    int vote_sizes[MAXS], pirate_code[MAXS], albatross[MAXS];
    unsigned char fountain[MAXS], atlantis[MAXS];
    int nrow, row[MAXROW];
    int wplace[MAXS], wrank[MAXS];
    double pf[MAXS], pe[MAXS], sides[MAXS], best_friend;
    int vote_deck, vote_deck_top;
    int nin_game, in_game[MAXCARDS], ndiscard, discard[MAXCARDS], nheld, held[MAXCARDS];
    unsigned char bottom_five[MAXROW];
    int event_deck, armada_live, unknown_card;
    /* face_down and end_and_tempo */
    int total, nkinds, kind_card[NCARDS + 8], kind_count[NCARDS + 8];
    double armada[MAXROW];
    double end, pace;
    /* worked out on demand (pure: caching changes no value) */
    double table[4][4];
    double memo[4][MAXRANK];
    unsigned char has_memo[4][MAXRANK];
    double now[MAXS];
    int has_now;
    double pistol_me, marque_best, bells[3];
    unsigned char has_pistol, has_marque, has_bells[3];
    int deck_none;
    double deck[3], deck_skull, deck_british;
} Pos;

/* -- reading Python values -------------------------------------------------------------------- */

static PyObject *tuple_of(PyObject *o, Py_ssize_t size, Py_ssize_t maxsize, const char *what)
{
    if (!PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "Tortuga 1667 compiled bot: %s must be a tuple, not %.100s",
                     what, Py_TYPE(o)->tp_name);
        return NULL;
    }
    Py_ssize_t len = PyTuple_GET_SIZE(o);
    if ((size >= 0 && len != size) || len > maxsize) {
        PyErr_Format(PyExc_ValueError, "Tortuga 1667 compiled bot: %s has %zd items", what, len);
        return NULL;
    }
    return o;
}

/* A tuple of ints; its length or -1.  `exact` >= 0 demands that length. */
static int read_ints(PyObject *o, int *out, int maxlen, int exact, long lo, long hi,
                     const char *what)
{
    if (!tuple_of(o, exact, maxlen, what)) return -1;
    Py_ssize_t len = PyTuple_GET_SIZE(o);
    for (Py_ssize_t i = 0; i < len; i++)
        if (pyread_int(WHO, PyTuple_GET_ITEM(o, i), lo, hi, what, &out[i]) < 0) return -1;
    return (int)len;
}

static int read_double(PyObject *o, const char *what, double *out)
{
    if (PyFloat_CheckExact(o)) {
        *out = PyFloat_AS_DOUBLE(o);
        return 0;
    }
    if (!PyFloat_Check(o) && !PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "Tortuga 1667 compiled bot: %s must be a number, not %.100s",
                     what, Py_TYPE(o)->tp_name);
        return -1;
    }
    double d = PyFloat_AsDouble(o);
    if (d == -1.0 && PyErr_Occurred()) return -1;
    *out = d;
    return 0;
}

static int read_doubles(PyObject *o, double *out, int exact, int maxlen, const char *what)
{
    if (!tuple_of(o, exact, maxlen, what)) return -1;
    Py_ssize_t len = PyTuple_GET_SIZE(o);
    for (Py_ssize_t i = 0; i < len; i++)
        if (read_double(PyTuple_GET_ITEM(o, i), what, &out[i]) < 0) return -1;
    return (int)len;
}

/* An event card name's index (R_HIDDEN, R_EMPTY, R_OTHER for a name without a rule). */
static int card_id(PyObject *name, const char *what)
{
    if (!PyUnicode_Check(name)) {
        PyErr_Format(PyExc_TypeError, "Tortuga 1667 compiled bot: %s must hold str, not %.100s",
                     what, Py_TYPE(name)->tp_name);
        return -99;
    }
    PyObject *id = PyDict_GetItemWithError(K.names, name);
    if (!id) return PyErr_Occurred() ? -99 : R_OTHER;
    return (int)PyLong_AsLong(id);
}

/* A tuple of event card names as indices. */
static int read_cards(PyObject *o, int *out, int *len, const char *what)
{
    if (!tuple_of(o, -1, MAXCARDS, what)) return -1;
    *len = (int)PyTuple_GET_SIZE(o);
    for (int k = 0; k < *len; k++)
        if ((out[k] = card_id(PyTuple_GET_ITEM(o, k), what)) == -99) return -1;
    return 0;
}

/* ctx.<name>, a new reference; a missing attribute is a TypeError (not a Ctx). */
static PyObject *ctx_attr(PyObject *ctx, PyObject *name)
{
    PyObject *o = PyObject_GetAttr(ctx, name);
    if (!o && PyErr_ExceptionMatches(PyExc_AttributeError)) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "Tortuga 1667 compiled bot: ctx must be a bot_beliefs.Ctx "
                     "(%.100s has no %U)", Py_TYPE(ctx)->tp_name, name);
    }
    return o;
}

static int read_view(Pos *p, PyObject *ctx)
{
    PyObject *view = ctx_attr(ctx, s_view);
    if (!view) return -1;
    int rc = -1;
    PyObject *o;
    if (!tuple_of(view, V_FIELDS, V_FIELDS, "ctx.view")) goto done;
#define F(i) PyTuple_GET_ITEM(view, i)
    if (pyread_int(WHO, F(V_PLAYERS), 2, MAXS, "players", &p->n) < 0) goto done;
    int n = p->n;
    if (pyread_int(WHO, F(V_SEAT), 0, n - 1, "seat", &p->me) < 0) goto done;
    if (pyread_int(WHO, F(V_TEAM), 0, 2, "team", &p->team) < 0) goto done;
    o = F(V_LINES);
    if (!tuple_of(o, 3, 3, "lines")) goto done;
    for (int i = 0; i < 3; i++)
        if ((p->nline[i] = read_ints(PyTuple_GET_ITEM(o, i), p->line[i], n, -1, 0, n - 1,
                                     "lines")) < 0)
            goto done;
    o = F(V_HOLDS);
    if (!tuple_of(o, 2, 2, "holds")) goto done;
    for (int i = 0; i < 2; i++)
        if (read_ints(PyTuple_GET_ITEM(o, i), p->holds[i], 2, 2, 0, 1000, "holds") < 0) goto done;
    if (read_ints(F(V_TORTUGA), p->tortuga, 3, 3, 0, 1000, "tortuga") < 0) goto done;
    if (pyread_int(WHO, F(V_GALLEON), 0, 1000, "galleon", &p->galleon) < 0) goto done;
    int boats[2];
    if (read_ints(F(V_ROWBOATS), boats, 2, 2, -2, n - 1, "rowboats") < 0) goto done;
    if (read_ints(F(V_CHESTS), p->chests, 2, 2, 0, 1000, "chests") < 0) goto done;
    if ((p->nhand = read_ints(F(V_HAND), p->hand, MAXHAND, -1, 0, NVOTE - 1, "hand")) < 0)
        goto done;
    if (read_ints(F(V_VOTE_SIZES), p->vote_sizes, n, n, 0, 1000, "vote_sizes") < 0) goto done;
    if (pyread_int(WHO, F(V_VOTE_DECK), 0, 1000, "vote_deck", &p->vote_deck) < 0) goto done;
    if (pyread_int(WHO, F(V_VOTE_DECK_TOP), -1, NVOTE - 1, "vote_deck_top", &p->vote_deck_top) < 0)
        goto done;
    if (read_ints(F(V_PIRATE_CODE), p->pirate_code, n, n, -1000, 1000, "pirate_code") < 0)
        goto done;
    if (read_ints(F(V_ALBATROSS), p->albatross, n, n, 0, 1000, "albatross") < 0) goto done;
    o = F(V_MAPS);
    if (!tuple_of(o, n, n, "maps")) goto done;
    for (int s = 0; s < n; s++) {
        PyObject *held = PyTuple_GET_ITEM(o, s);
        if (!tuple_of(held, -1, 64, "maps")) goto done;
        p->fountain[s] = p->atlantis[s] = 0;
        for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(held); k++) {
            int id = card_id(PyTuple_GET_ITEM(held, k), "maps");
            if (id == -99) goto done;
            if (p->nheld >= MAXCARDS) {
                PyErr_SetString(PyExc_ValueError, "Tortuga 1667 compiled bot: too many maps");
                goto done;
            }
            p->held[p->nheld++] = id;
            if (id == FOUNTAIN) p->fountain[s] = 1;
            if (id == ATLANTIS) p->atlantis[s] = 1;
        }
    }
    o = F(V_ROW);
    if (!tuple_of(o, -1, MAXROW, "row")) goto done;
    p->nrow = (int)PyTuple_GET_SIZE(o);
    for (int k = 0; k < p->nrow; k++)
        if ((p->row[k] = card_id(PyTuple_GET_ITEM(o, k), "row")) == -99) goto done;
    if (read_cards(F(V_IN_GAME), p->in_game, &p->nin_game, "in_game") < 0 ||
        read_cards(F(V_DISCARD), p->discard, &p->ndiscard, "discard") < 0)
        goto done;
    for (int k = 0; k < p->nin_game; k++)
        if (p->in_game[k] < 0) p->unknown_card = 1;
    o = F(V_BOTTOM_FIVE);
    if (!tuple_of(o, p->nrow, MAXROW, "bottom_five")) goto done;
    for (int k = 0; k < p->nrow; k++) {
        int truth = PyObject_IsTrue(PyTuple_GET_ITEM(o, k));
        if (truth < 0) goto done;
        p->bottom_five[k] = (unsigned char)truth;
    }
    if (pyread_int(WHO, F(V_DECK), 0, 100000, "deck", &p->event_deck) < 0) goto done;
    if ((p->armada_live = PyObject_IsTrue(F(V_ARMADA_LIVE))) < 0) goto done;
#undef F
    /* where: (BOAT, 0) unless on a line or in a rowboat (Ctx.__init__) */
    for (int s = 0; s < n; s++) p->wplace[s] = BOAT, p->wrank[s] = 0;
    for (int place = 0; place < 3; place++)
        for (int r = 0; r < p->nline[place]; r++)
            p->wplace[p->line[place][r]] = place, p->wrank[p->line[place][r]] = r;
    for (int ship = 0; ship < 2; ship++)
        if (boats[ship] >= 0) p->wplace[boats[ship]] = BOAT, p->wrank[boats[ship]] = ship;
    rc = 0;
done:
    Py_DECREF(view);
    return rc;
}

static int read_floats_attr(PyObject *ctx, PyObject *name, double *out, int n)
{
    PyObject *o = ctx_attr(ctx, name);
    if (!o) return -1;
    int rc = read_doubles(o, out, n, n, PyUnicode_AsUTF8(name)) < 0 ? -1 : 0;
    Py_DECREF(o);
    return rc;
}

static void spot_table(Pos *p);
static void deck_odds(Pos *p);

static int read_ctx(Pos *p, PyObject *ctx)
{
    if (read_view(p, ctx) < 0) return -1;
    int n = p->n;
    if (read_floats_attr(ctx, s_pf, p->pf, n) < 0 || read_floats_attr(ctx, s_pe, p->pe, n) < 0 ||
        read_floats_attr(ctx, s_sides, p->sides, n) < 0)
        return -1;
    PyObject *o = ctx_attr(ctx, s_best_friend);
    if (!o) return -1;
    int rc = read_double(o, "best_friend", &p->best_friend);
    Py_DECREF(o);
    if (rc < 0) return -1;
    o = ctx_attr(ctx, s_acting);
    if (!o) return -1;
    rc = pyread_int(WHO, o, -1, 2, "acting", &p->acting);
    Py_DECREF(o);
    if (rc < 0) return -1;
    p->flag = p->acting >= 0 ? p->acting : BRITISH; /* Ctx.my_flag */
    spot_table(p);
    deck_odds(p);
    return 0;
}

/* -- chest arithmetic (Ctx) ------------------------------------------------------------------- */

static double gain(const Pos *p, int db, int df)
{
    if (p->team == DUTCH) {
        int b = p->chests[0], f = p->chests[1];
        return (double)(abs(b - f) - abs(b + db - f - df));
    }
    return (double)(p->team == BRITISH ? db - df : df - db);
}

static int lead(const Pos *p)
{
    int b = p->chests[0], f = p->chests[1];
    if (p->team == DUTCH) return -abs(b - f);
    return p->team == BRITISH ? b - f : f - b;
}

/* -- face_down and end_and_tempo (bot_values.py) ---------------------------------------------- */

/* face_down: the unseen cards' kinds in the order `_unseen_cards` makes its dict (first
 * appearance in `in_game`), their counts and the Armada's chance per slot.  0, or 1 when the
 * game holds a card name this file does not know (Python then values the decision). */
static int face_down(Pos *p)
{
    if (p->unknown_card) return 1;
    int count[NCARDS], present[NCARDS], order[NCARDS], norder = 0;
    memset(count, 0, sizeof count);
    memset(present, 0, sizeof present);
    for (int k = 0; k < p->nin_game; k++) {
        int c = p->in_game[k];
        if (!present[c]) present[c] = 1, order[norder++] = c;
        count[c] += 1;
    }
    /* gone: the discard pile, the row's known cards, the maps held */
    for (int k = 0; k < p->ndiscard; k++) {
        int c = p->discard[k];
        if (c >= 0 && count[c] > 0) count[c] -= 1;
    }
    for (int k = 0; k < p->nrow; k++) {
        int c = p->row[k];
        if (c >= 0 && count[c] > 0) count[c] -= 1;
    }
    for (int k = 0; k < p->nheld; k++) {
        int c = p->held[k];
        if (c >= 0 && count[c] > 0) count[c] -= 1;
    }
    int albatross = 0, code = 0;
    for (int s = 0; s < p->n; s++) {
        albatross += p->albatross[s];
        if (p->pirate_code[s] > 0) code += 1;
    }
    if (albatross && present[ALBATROSS])
        count[ALBATROSS] = count[ALBATROSS] - albatross > 0 ? count[ALBATROSS] - albatross : 0;
    if (code && present[PIRATE_CODE])
        count[PIRATE_CODE] = count[PIRATE_CODE] - code > 0 ? count[PIRATE_CODE] - code : 0;
    p->nkinds = 0;
    p->total = 0;
    for (int k = 0; k < norder; k++) {
        int c = order[k];
        if (c == ARMADA || !count[c]) continue;
        p->kind_card[p->nkinds] = c;
        p->kind_count[p->nkinds++] = count[c];
        p->total += count[c];
    }
    /* armada_chance */
    for (int k = 0; k < p->nrow; k++) p->armada[k] = 0.0;
    if (!p->armada_live || !count[ARMADA]) {
        for (int k = 0; k < p->nrow; k++)
            if (p->row[k] == ARMADA) p->armada[k] = 1.0;
        return 0;
    }
    int hidden = 0;
    for (int k = 0; k < p->nrow; k++)
        if (p->row[k] == R_HIDDEN && p->bottom_five[k]) hidden++;
    int places = hidden + (p->event_deck < 5 ? p->event_deck : 5);
    if (places)
        for (int k = 0; k < p->nrow; k++)
            if (p->row[k] == R_HIDDEN && p->bottom_five[k]) p->armada[k] = 1.0 / (double)places;
    return 0;
}

/* end_value and tempo */
static void end_and_tempo(Pos *p)
{
    int b = p->chests[0], f = p->chests[1], l = lead(p);
    double won, going_on;
    if (p->team == DUTCH) {
        won = b == f ? 1.0 : 0.0;
        going_on = 0.5 - 0.1 * (double)abs(b - f);
    } else {
        if (l > 0) won = 1.0;
        else if (l < 0) won = 0.0;
        else won = p->n % 2 ? 0.0 : 0.5;
        going_on = 0.5 + K.lead_weight * (double)l;
    }
    double lo = going_on > 0.1 ? going_on : 0.1; /* max(0.1, going_on) */
    going_on = lo < 0.9 ? lo : 0.9;              /* min(0.9, ...) */
    double certainty = won == 1.0 ? K.certainty : won == 0.0 ? -K.certainty : 0.0;
    p->end = (won - going_on) * K.game_value + certainty;
    if (p->team == DUTCH) p->pace = l == 0 ? K.tempo : -K.tempo;
    else p->pace = l > 0 ? K.tempo : l < 0 ? -K.tempo : 0.0;
}


static inline int top_of(int card) { return card / 4; }
static inline int flag_of(int card) { return (card / 2) % 2; }
static inline int bottom_of(int card) { return card % 2; }
static inline double pymax(double a, double b) { return b > a ? b : a; } /* max(a, b) */
static inline double pymin(double a, double b) { return b < a ? b : a; } /* min(a, b) */

/* -- places (bot_values.py) ------------------------------------------------------------------- */

static void spot_table(Pos *p)
{
    int fd = p->holds[0][0] + p->holds[0][1];
    int jr = p->holds[1][0] + p->holds[1][1];
    double governor = p->tortuga[0] + p->tortuga[1] + p->tortuga[2] ? 0.9 : 0.3;
    double t[4][4] = {
        {p->galleon > 0 || jr > 0 ? 2.2 : 1.2, 0.7, fd ? 1.4 : 0.5, 0.3},
        {p->galleon > 0 || fd > 0 ? 2.2 : 1.2, 0.7, jr ? 1.4 : 0.5, 0.3},
        {governor, 0.1, 0.1, 0.1},
        {0.25, 0.25, 0.25, 0.25},
    };
    memcpy(p->table, t, sizeof t);
}

static inline double spot_value(const Pos *p, int place, int rank)
{
    return p->table[place][rank < 3 ? rank : 3];
}

static void deck_odds(Pos *p)
{
    if (p->vote_deck == 0) {
        p->deck_none = 1;
        p->deck_skull = p->deck_british = 0.0;
        return;
    }
    p->deck_none = 0;
    int top = p->vote_deck_top;
    if (top >= 0) {
        p->deck[0] = p->deck[1] = p->deck[2] = 0.0;
        p->deck[top_of(top)] = 1.0;
        p->deck_skull = bottom_of(top) == SKULL ? 1.0 : 0.0;
        p->deck_british = flag_of(top) == 0 ? 1.0 : 0.0;
        return;
    }
    int counts[3] = {K.top_counts[0], K.top_counts[1], K.top_counts[2]};
    int skulls = K.skull_count, britons = K.british_count;
    for (int i = 0; i < p->nhand; i++) {
        int card = p->hand[i];
        counts[top_of(card)] -= 1;
        if (bottom_of(card) == SKULL) skulls -= 1;
        if (flag_of(card) == 0) britons -= 1;
    }
    int total = K.vote_deck_size - p->nhand;
    if (total < 1) total = 1;
    for (int k = 0; k < 3; k++) p->deck[k] = (double)counts[k] / (double)total;
    p->deck_skull = (double)skulls / (double)total;
    p->deck_british = (double)britons / (double)total;
}

static double attack_gain(const Pos *p, int ship)
{
    if (p->galleon) return p->flag == 0 ? gain(p, 1, 0) : gain(p, 0, 1);
    const int *other = p->holds[1 - ship];
    double best = 0.0;
    for (int take = 0; take < 2; take++) {
        if (!other[take]) continue;
        for (int into = 0; into < 2; into++) {
            int delta[2] = {0, 0};
            delta[into] += 1;
            delta[take] -= 1;
            best = pymax(best, gain(p, delta[0], delta[1]));
        }
    }
    return best;
}

/* An insertion-ordered map from a small int key to a double (a Python dict's iteration);
 * `at` holds an entry's index + 1 (0: absent), so a static Dist starts empty. */
typedef struct {
    int nkeys, keys[DW * 4];
    double val[DW * 4];
    short at[DW * 4];
} Dist;

static void dist_clear(Dist *d)
{
    for (int k = 0; k < d->nkeys; k++) d->at[d->keys[k] + DW] = 0;
    d->nkeys = 0;
}

/* d[key] = d.get(key, 0.0) + x */
static void dist_add(Dist *d, int key, double x)
{
    int slot = key + DW;
    if (!d->at[slot]) {
        d->keys[d->nkeys] = key;
        d->val[d->nkeys++] = 0.0 + x;
        d->at[slot] = (short)d->nkeys;
    } else {
        d->val[d->at[slot] - 1] += x;
    }
}

static int in_line(const Pos *p, int place, int seat)
{
    for (int i = 0; i < p->nline[place]; i++)
        if (p->line[place][i] == seat) return 1;
    return 0;
}

/* brawl_gain(ctx, voters, mine): `mine` NULL for None */
static double brawl_gain(const Pos *p, const int *voters, int nvoters, const int *mine, int nmine)
{
    int british = p->tortuga[0], french = p->tortuga[1], loose = p->tortuga[2];
    int total = british + french + loose;
    if (total == 0) return 0.0;
    int flag = p->flag, me = p->me;
    int start = 0;
    if (mine == NULL) {
        int in = 0;
        for (int i = 0; i < nvoters; i++)
            if (voters[i] == me) in = 1;
        if (in && p->vote_sizes[me] && !p->pirate_code[me]) start = flag == 0 ? 1 : -1;
    } else {
        for (int i = 0; i < nmine; i++) start += flag_of(mine[i]) == 0 ? 1 : -1;
    }
    static Dist a, b;
    Dist *dist = &a, *nxt = &b;
    dist_clear(dist);
    dist_add(dist, start, 1.0);
    double probs[MAXS + 1];
    int nprobs = 0;
    for (int i = 0; i < nvoters; i++) {
        int s = voters[i];
        if (s == me || !p->vote_sizes[s] || p->pirate_code[s]) continue;
        double friend_ = p->pf[s], foe = p->pe[s];
        double mine_p = 0.85 * friend_ + 0.15 * foe + 0.5 * (1 - friend_ - foe);
        probs[nprobs++] = flag == 0 ? mine_p : 1 - mine_p;
    }
    if (!p->deck_none) probs[nprobs++] = p->deck_british;
    for (int i = 0; i < nprobs; i++) {
        double pr = probs[i];
        dist_clear(nxt);
        for (int k = 0; k < dist->nkeys; k++) {
            int d = dist->keys[k];
            double q = dist->val[k];
            dist_add(nxt, d + 1, q * pr);
            dist_add(nxt, d - 1, q * (1 - pr));
        }
        Dist *t = dist;
        dist = nxt;
        nxt = t;
    }
    double expected = 0.0;
    for (int k = 0; k < dist->nkeys; k++) {
        int d = dist->keys[k];
        double q = dist->val[k];
        int nb, nf;
        if (d > 0) nb = total, nf = 0;
        else if (d < 0) nb = 0, nf = total;
        else nb = total / 2, nf = total - total / 2;
        expected += q * gain(p, nb - british, nf - french);
    }
    return expected;
}

static double my_spot_value(Pos *p, int place, int rank);

static double boat_value(Pos *p, int ship)
{
    int len = p->nline[ship];
    double board = my_spot_value(p, ship, len - (in_line(p, ship, p->me) ? 1 : 0));
    double land = my_spot_value(p, ISLAND, p->nline[ISLAND]);
    return 0.7 * pymax(board, land);
}

static double my_spot_raw(Pos *p, int place, int rank)
{
    if (place < ISLAND) {
        if (rank == 0) return 1.5 + attack_gain(p, place);
        if (rank == 1) return 0.7;
        if (rank == 2) return 0.5 + (p->holds[place][1 - p->flag] ? 2.0 : 0.0);
        return 0.3;
    }
    if (place == ISLAND) {
        if (rank == 0) {
            double g = p->nline[ISLAND] ? brawl_gain(p, p->line[ISLAND], p->nline[ISLAND], NULL, 0)
                                        : brawl_gain(p, &p->me, 1, NULL, 0);
            return 0.3 + pymax(0.0, g);
        }
        return 0.1;
    }
    return boat_value(p, rank);
}

static double my_spot_value(Pos *p, int place, int rank)
{
    if (place < 0 || place > 3 || rank < 0 || rank >= MAXRANK) return my_spot_raw(p, place, rank);
    if (!p->has_memo[place][rank]) {
        p->memo[place][rank] = my_spot_raw(p, place, rank);
        p->has_memo[place][rank] = 1;
    }
    return p->memo[place][rank];
}

static void fill_now(Pos *p)
{
    if (p->has_now) return;
    for (int s = 0; s < p->n; s++)
        p->now[s] = s == p->me ? my_spot_value(p, p->wplace[s], p->wrank[s])
                               : spot_value(p, p->wplace[s], p->wrank[s]);
    p->has_now = 1;
}

static double value_at(Pos *p, int seat, int place, int rank)
{
    if (seat == p->me) return my_spot_value(p, place, rank);
    return spot_value(p, place, rank);
}

/* -- targets ---------------------------------------------------------------------------------- */

static double maroon_value(Pos *p, int target, int by_captain)
{
    int place = p->wplace[target], rank = p->wrank[target];
    double loss;
    if (place == ISLAND) {
        loss = p->vote_sizes[target] ? 0.25 : 0.0;
        if (rank == 0 && p->nline[ISLAND] > 1) loss += 0.2;
    } else {
        fill_now(p);
        loss = p->now[target] - 0.1;
    }
    if (p->fountain[target]) loss *= 0.3;
    else if (p->atlantis[target] && by_captain) loss *= 0.5;
    return -p->sides[target] * loss;
}

static double best_maroon(Pos *p)
{
    double best = -99.0;
    int me = p->me;
    fill_now(p);
    int governed = p->nline[ISLAND] > 1;
    for (int s = 0; s < p->n; s++) {
        if (s == me) continue;
        double loss;
        if (p->wplace[s] == ISLAND) {
            loss = p->vote_sizes[s] ? 0.25 : 0.0;
            if (p->wrank[s] == 0 && governed) loss += 0.2;
        } else {
            loss = p->now[s] - 0.1;
        }
        if (p->fountain[s]) loss *= 0.3;
        double v = -p->sides[s] * loss;
        if (v > best) best = v;
    }
    return best;
}

static double best_marque(Pos *p)
{
    if (p->has_marque) return p->marque_best;
    double best = 0.3;
    int me = p->me;
    int fd = p->nline[0], jr = p->nline[1];
    double fd_spot = spot_value(p, 0, fd), jr_spot = spot_value(p, 1, jr);
    for (int s = 0; s < p->n; s++) {
        if (p->wplace[s] >= ISLAND) {
            fill_now(p);
            double here = p->now[s], side = p->sides[s];
            if (s == me) {
                best = pymax(best, side * (my_spot_value(p, 0, fd) - here));
                best = pymax(best, side * (my_spot_value(p, 1, jr) - here));
            } else {
                best = pymax(best, side * (fd_spot - here));
                best = pymax(best, side * (jr_spot - here));
            }
        }
    }
    p->marque_best = best;
    p->has_marque = 1;
    return best;
}

/* -- event cards ------------------------------------------------------------------------------ */

static double eight_bells(Pos *p, int place)
{
    if (place > ISLAND) return 0.0;
    int size = p->nline[place];
    if (size < 2) return 0.0;
    if (p->has_bells[place]) return p->bells[place];
    double ranks[MAXS];
    for (int r = 0; r < size; r++) ranks[r] = spot_value(p, place, r);
    double sum = 0.0;
    for (int r = 0; r < size; r++) sum += ranks[r];
    double others = sum / (double)size;
    double total = 0.0;
    for (int rank = 0; rank < size; rank++) {
        int s = p->line[place][rank];
        if (s == p->me) {
            double m = 0.0;
            for (int r = 0; r < size; r++) m += my_spot_value(p, place, r);
            double mine = m / (double)size;
            total += mine - my_spot_value(p, place, rank);
        } else {
            total += p->sides[s] * (others - ranks[rank]);
        }
    }
    p->bells[place] = total;
    p->has_bells[place] = 1;
    return total;
}

static double card_value(Pos *p, int card, int r)
{
    int me = p->me;
    double *sides = p->sides;
    switch (card) {
    case ARMADA:
        return p->end; /* end_value: a function of the player count, team and chests alone */
    case PISTOL:
        if (r != me) return 0.8 * sides[r];
        if (!p->has_pistol) {
            p->pistol_me = best_maroon(p);
            p->has_pistol = 1;
        }
        return p->pistol_me;
    case BLACK_SPOT: {
        fill_now(p);
        double loss = p->now[r] - 0.1;
        if (p->wplace[r] == ISLAND) loss = 0.3;
        if (p->fountain[r]) loss = pymin(loss, 0.4);
        return -sides[r] * pymax(0.1, loss);
    }
    case MARQUE:
        return r == me ? pymax(0.3, best_marque(p)) : 0.35 * sides[r];
    case FOUNTAIN:
    case ATLANTIS:
    case EL_DORADO:
        if (r != me) return 0.2 * sides[r];
        return 0.35 * p->best_friend;
    case CROWS_NEST:
        return 0.3 * sides[r];
    case ALBATROSS: {
        int place = p->wplace[r];
        double side = sides[r];
        if (place > 1) return -0.1 * side;
        int birds = 0;
        for (int i = 0; i < p->nline[place]; i++) birds += p->albatross[p->line[place][i]];
        if (birds >= 1) {
            fill_now(p);
            double sum = 0.0;
            for (int i = 0; i < p->nline[place]; i++) {
                int s = p->line[place][i];
                sum += sides[s] * (p->now[s] - 0.1);
            }
            return -sum;
        }
        return -0.3 * side;
    }
    case SCURVY: {
        int place = p->wplace[r];
        if (place > ISLAND) return -0.25 * (0.0 + sides[r]);
        double total = 0.0;
        for (int i = 0; i < p->nline[place]; i++) total += sides[p->line[place][i]];
        return -0.25 * total;
    }
    case BLACK_POWDER:
        return 0.0;
    case CABIN_FEVER: {
        int l = lead(p);
        if (r == me) {
            double best = 0.0;
            int first = 1;
            for (int s = 0; s < p->n; s++) {
                if (s == me) continue;
                double v = p->pe[s] * (double)(-l);
                if (first || v > best) best = v, first = 0;
            }
            return best;
        }
        return p->n == 2 ? (double)(-l) : 0.0;
    }
    case EIGHT_BELLS:
        return eight_bells(p, p->wplace[r]);
    case FACADE: {
        int other = ((r - 1) % p->n + p->n) % p->n;
        fill_now(p);
        double mine = value_at(p, r, p->wplace[other], p->wrank[other]) - p->now[r];
        double theirs = value_at(p, other, p->wplace[r], p->wrank[r]) - p->now[other];
        return sides[r] * mine + sides[other] * theirs;
    }
    case PIRATE_CODE: {
        int captain = p->wplace[r] <= 1 && p->wrank[r] == 0;
        return -sides[r] * (captain ? 0.9 : 0.3);
    }
    case STORMY_SEAS: {
        int place = p->wplace[r], b, f;
        if (place <= 1) b = p->holds[place][0], f = p->holds[place][1];
        else if (place == ISLAND) b = p->tortuga[0], f = p->tortuga[1];
        else return 0.0;
        return gain(p, -b, -f);
    }
    default:
        return 0.0;
    }
}

/* hidden_value: the mean of a face-down card that is not the Armada, and the mean distance. */
static void hidden_value(Pos *p, int revealer, double *mean_out, double *spread_out)
{
    if (!p->total) {
        *mean_out = *spread_out = 0.0;
        return;
    }
    double values[NCARDS + 8];
    for (int k = 0; k < p->nkinds; k++) values[k] = card_value(p, p->kind_card[k], revealer);
    double mean = 0.0;
    for (int k = 0; k < p->nkinds; k++) mean += (double)p->kind_count[k] * values[k];
    mean /= (double)p->total;
    double spread = 0.0;
    for (int k = 0; k < p->nkinds; k++) spread += (double)p->kind_count[k] * fabs(values[k] - mean);
    *mean_out = mean;
    *spread_out = spread / (double)p->total;
}

/* _slots: per slot, what `revealer` turning it up is worth to the bot */
static void slots(Pos *p, int revealer, double *out)
{
    int have = 0;
    double hidden = 0.0, spread;
    for (int k = 0; k < p->nrow; k++) {
        int card = p->row[k];
        if (card == R_HIDDEN) {
            if (!have) hidden_value(p, revealer, &hidden, &spread), have = 1;
            double q = p->armada[k];
            out[k] = q * p->end + (1 - q) * hidden;
        } else if (card == R_EMPTY) {
            out[k] = 0.0;
        } else {
            out[k] = card_value(p, card, revealer);
        }
    }
}

/* -- votes' odds ------------------------------------------------------------------------------ */

/* _attack_models(ctx, seats, caller) */
static void attack_models(const Pos *p, const int *seats, int nseats, int caller, Model *out)
{
    double pf_c = caller == p->me ? 1.0 : p->pf[caller];
    double pe_c = caller == p->me ? 0.0 : p->pe[caller];
    for (int i = 0; i < nseats; i++) {
        int s = seats[i];
        if (s == caller) {
            memcpy(out[i], K.support, sizeof(Model));
            continue;
        }
        double want = p->pf[s] * pf_c + p->pe[s] * pe_c;
        double against = p->pf[s] * pe_c + p->pe[s] * pf_c;
        double rest = pymax(0.0, 1.0 - want - against);
        for (int k = 0; k < 3; k++)
            out[i][k] = want * K.support[k] + against * K.sabotage[k] + rest * K.neutral[k];
    }
}

/* _attack_chance: P(at least one cannon and more torches than water) */
static double attack_chance(const int *mine, int nmine, const Model *voters, int nvoters,
                            const double *deck)
{
    int cannon = 0, diff = 0;
    for (int i = 0; i < nmine; i++) {
        int top = top_of(mine[i]);
        if (top == CANNON) cannon = 1;
        else if (top == TORCH) diff += 1;
        else diff -= 1;
    }
    /* the dict keyed (c, d): key c * DW + d (|d| stays far below DW / 2) */
    static Dist a, b;
    Dist *dist = &a, *nxt = &b;
    dist_clear(dist);
    dist_add(dist, cannon * DW + diff, 1.0);
    int nm = nvoters + (deck ? 1 : 0);
    for (int m = 0; m < nm; m++) {
        const double *model = m < nvoters ? voters[m] : deck;
        double pc = model[0], pw = model[1], pt = model[2];
        dist_clear(nxt);
        for (int k = 0; k < dist->nkeys; k++) {
            int key = dist->keys[k];
            int c = key > DW / 2, d = c ? key - DW : key;
            double pr = dist->val[k];
            if (pc != 0.0) dist_add(nxt, DW + d, pr * pc);
            if (pw != 0.0) dist_add(nxt, c * DW + d - 1, pr * pw);
            if (pt != 0.0) dist_add(nxt, c * DW + d + 1, pr * pt);
        }
        Dist *t = dist;
        dist = nxt;
        nxt = t;
    }
    double sum = 0.0;
    for (int k = 0; k < dist->nkeys; k++) {
        int key = dist->keys[k];
        int c = key > DW / 2, d = c ? key - DW : key;
        if (c && d > 0) sum += dist->val[k];
    }
    return sum;
}

/* majority_chance(marked, cards, others) */
static double majority_chance(int marked, int cards, const double *others, int nothers)
{
    double dist[MAXS + 4], nxt[MAXS + 4];
    int len = 1;
    dist[0] = 1.0;
    for (int i = 0; i < nothers; i++) {
        double pr = others[i];
        for (int k = 0; k <= len; k++) nxt[k] = 0.0;
        for (int k = 0; k < len; k++) {
            double q = dist[k];
            nxt[k] += q * (1 - pr);
            nxt[k + 1] += q * pr;
        }
        len += 1;
        memcpy(dist, nxt, sizeof(double) * len);
    }
    int total = cards + nothers;
    double sum = 0.0;
    for (int k = 0; k < len; k++)
        if (2 * (marked + k) > total) sum += dist[k];
    return sum;
}

/* -- a turn's role actions (bot.py) ----------------------------------------------------------- */

static int ship_voters(const Pos *p, int ship, int exclude, int *out)
{
    int k = 0;
    for (int i = 0; i < p->nline[ship]; i++) {
        int s = p->line[ship][i];
        if (s != exclude && p->vote_sizes[s] && !p->pirate_code[s]) out[k++] = s;
    }
    return k;
}

static double attack_value(Pos *p, int ship)
{
    double g = attack_gain(p, ship);
    if (g <= 0) return -0.1;
    int me = p->me, seats[MAXS];
    int nseats = ship_voters(p, ship, me, seats);
    Model models[MAXS];
    attack_models(p, seats, nseats, me, models);
    const double *deck = p->deck_none ? NULL : p->deck;
    if (p->pirate_code[me] || !p->nhand) return g * attack_chance(NULL, 0, models, nseats, deck);
    double best = 0.0;
    /* set(hand): the maximum is the same in any order (chances are never -0.0 or NaN) */
    for (int i = 0; i < p->nhand; i++) {
        int seen = 0;
        for (int j = 0; j < i; j++)
            if (p->hand[j] == p->hand[i]) seen = 1;
        if (seen) continue;
        best = pymax(best, attack_chance(&p->hand[i], 1, models, nseats, deck));
    }
    return g * (best + (best < 0.15 ? K.cycle : 0.03));
}

static double mutiny_win(Pos *p, int ship, int captain, int mate)
{
    double top = spot_value(p, ship, 0) - 0.1;
    double promotion;
    if (mate == p->me)
        promotion = my_spot_value(p, ship, 0) - my_spot_value(p, ship, 1);
    else
        promotion = p->sides[mate] * (spot_value(p, ship, 0) - spot_value(p, ship, 1));
    if (captain == p->me) return -top - K.friend_fire + promotion;
    return -p->sides[captain] * top + promotion - p->pf[captain] * K.friend_fire;
}

static double mutiny_chance(const Pos *p, int ship, int captain, int exclude, const int *mine,
                            int nmine)
{
    double others[MAXS + 2];
    int nothers = 0;
    double pf_c = p->pf[captain], pe_c = p->pe[captain];
    if (captain == p->me) pf_c = 1.0, pe_c = 0.0;
    for (int i = 1; i < p->nline[ship]; i++) {
        int s = p->line[ship][i];
        if (s == exclude || !p->vote_sizes[s] || p->pirate_code[s]) continue;
        if (s == p->me) continue;
        double want = p->pf[s] * pe_c + p->pe[s] * pf_c;
        double against = p->pf[s] * pf_c + p->pe[s] * pe_c;
        double rest = pymax(0.0, 1.0 - want - against);
        others[nothers++] = 0.85 * want + 0.15 * against + 0.5 * rest;
    }
    if (!p->deck_none) others[nothers++] = p->deck_skull;
    int ncards = 0, marked = 0;
    for (int i = 0; i < nmine; i++)
        if (mine[i] >= 0) {
            ncards++;
            if (bottom_of(mine[i]) == SKULL) marked++;
        }
    return majority_chance(marked, ncards, others, nothers);
}

static double mutiny_value(Pos *p, int ship)
{
    int captain = p->line[ship][0], me = p->me;
    double success = mutiny_win(p, ship, captain, me);
    if (success <= 0) return success;
    int mark = p->nhand ? p->hand[0] : -1; /* _best_mark(hand, skull=True) */
    for (int i = 0; i < p->nhand; i++)
        if (bottom_of(p->hand[i]) == SKULL) {
            mark = p->hand[i];
            break;
        }
    return success * mutiny_chance(p, ship, captain, me, &mark, 1);
}

/* -- turn() ----------------------------------------------------------------------------------- */

static int attr_pair(PyObject *obj, int nrow, int *a, int *b)
{
    PyObject *o = PyObject_GetAttr(obj, s_slots);
    if (!o) return -1;
    int ab[2];
    int rc = read_ints(o, ab, 2, 2, 0, nrow - 1, "slots") < 0 ? -1 : 0;
    Py_DECREF(o);
    *a = ab[0];
    *b = ab[1];
    return rc;
}

/* The role actions' value, or 1 in *fallback for one Python must value. */
static int role_value(Pos *p, PyObject *action, int place, double here, double *out,
                      int *fallback)
{
    PyTypeObject *t = Py_TYPE(action);
#define IS(c) PyType_IsSubtype(t, (PyTypeObject *)K.cls[c])
    if (IS(C_MOVE)) {
        int to;
        if (pyread_attr_int(WHO, action, s_to, 0, 4, &to) < 0) return -1;
        double v;
        if (to < ISLAND) v = my_spot_value(p, to, p->nline[to]);
        else if (to == ISLAND) v = my_spot_value(p, ISLAND, p->nline[ISLAND]);
        else v = boat_value(p, to - 3);
        *out = v - here;
    } else if (IS(C_ATTACK)) {
        if (place > 1) goto odd;
        *out = attack_value(p, place);
    } else if (IS(C_MAROON)) {
        int t_;
        if (pyread_attr_int(WHO, action, s_target, 0, p->n - 1, &t_) < 0) return -1;
        if (place > 1) goto odd;
        *out = maroon_value(p, t_, 1) + 0.3 * (p->pe[t_] - p->pf[t_]) * attack_gain(p, place);
    } else if (IS(C_MUTINY)) {
        if (place > 1 || p->nline[place] < 1) goto odd;
        *out = mutiny_value(p, place);
    } else if (IS(C_MOVE_CHEST)) {
        int to;
        if (pyread_attr_int(WHO, action, s_to, 0, 1, &to) < 0) return -1;
        int delta[2] = {0, 0};
        delta[to] += 1;
        delta[1 - to] -= 1;
        *out = gain(p, delta[0], delta[1]);
    } else if (IS(C_BRAWL)) {
        *out = brawl_gain(p, p->line[ISLAND], p->nline[ISLAND], NULL, 0);
    } else if (IS(C_PLAY_MAP)) {
        if (place > 1) goto odd;
        int other = 1 - place;
        *out = my_spot_value(p, other, p->nline[other]) - here - K.map_value;
    } else {
        *out = 0.0; /* Pass */
    }
    return 0;
odd: /* a role action where the bot has no such role: Python values it (or fails) */
    *fallback = 1;
    return 0;
#undef IS
}

/* How turn(), vote(), choose() and seat() begin: parse (ctx, legal) by `format`, check them
 * and read ctx into *p (the caller's Pos).  The number of legal actions, or -1 with an
 * exception set. */
static Py_ssize_t begin(PyObject *args, const char *format, PyObject **ctx, PyObject **legal,
                        Pos *p)
{
    if (!PyArg_ParseTuple(args, format, ctx, legal)) return -1;
    if (!K.ready) {
        PyErr_SetString(PyExc_ValueError, "Tortuga 1667 compiled bot: init() was not called");
        return -1;
    }
    if (!PyList_Check(*legal)) {
        PyErr_Format(PyExc_TypeError, "Tortuga 1667 compiled bot: legal must be a list, not %.100s",
                     Py_TYPE(*legal)->tp_name);
        return -1;
    }
    Py_ssize_t nlegal = PyList_GET_SIZE(*legal);
    if (nlegal < 1 || nlegal > MAXLEGAL) {
        PyErr_Format(PyExc_ValueError, "Tortuga 1667 compiled bot: %zd legal actions", nlegal);
        return -1;
    }
    memset(p, 0, sizeof *p);
    if (read_ctx(p, *ctx) < 0) return -1;
    return nlegal;
}

static PyObject *cbot_turn(PyObject *self, PyObject *args)
{
    PyObject *ctx, *legal;
    Pos pos; /* on the stack: a call re-entered from Python (a str subclass) keeps its own */
    Pos *p = &pos;
    Py_ssize_t nlegal = begin(args, "OO:turn", &ctx, &legal, p);
    if (nlegal < 0) return NULL;
    if (face_down(p)) Py_RETURN_NONE;
    end_and_tempo(p);
    double end = p->end, pace = p->pace;
    int me = p->me, n = p->n;
    int place = p->wplace[me];
    double here = my_spot_value(p, place, p->wrank[me]);
    /* _looks */
    double mine[MAXROW], info[MAXROW];
    int any_hidden = 0, any_known = 0;
    for (int k = 0; k < p->nrow; k++) {
        if (p->row[k] == R_HIDDEN) any_hidden = 1;
        else if (p->row[k] != R_EMPTY) any_known = 1;
    }
    double mean = 0.0, spread = 0.0;
    if (any_hidden) hidden_value(p, me, &mean, &spread);
    for (int k = 0; k < p->nrow; k++) {
        int card = p->row[k];
        if (card == R_HIDDEN) {
            double q = p->armada[k];
            double m = q * end + (1 - q) * mean;
            mine[k] = m;
            info[k] = q * fabs(end - m) + (1 - q) * (spread + fabs(mean - m));
        } else {
            mine[k] = card == R_EMPTY ? 0.0 : card_value(p, card, me);
            info[k] = 0.0;
        }
    }
    /* _point_targets */
    int worst = -1, best = -1;
    double worst_v = -99.0, best_v = -99.0;
    for (int s = 0; s < n; s++) {
        if (s == me) continue;
        double stake = spot_value(p, p->wplace[s], p->wrank[s]) + 0.2;
        double hurt = -p->sides[s] * stake;
        if (hurt > worst_v) worst_v = hurt, worst = s;
        if (-hurt > best_v) best_v = -hurt, best = s;
    }
    double pointed[MAXS][MAXROW];
    unsigned char has_pointed[MAXS] = {0};
    int targets[2] = {worst, best}, ntargets = best != worst && any_known ? 2 : 1;
    for (int i = 0; i < ntargets; i++) {
        int target = targets[i] < 0 ? targets[i] + n : targets[i]; /* pointed[-1]: the last */
        slots(p, target, pointed[target]);
        has_pointed[target] = 1;
    }
    double share = K.look_info / (double)(n - 1);
    double look[MAXROW];
    for (int k = 0; k < p->nrow; k++) look[k] = share * info[k];

    PyObject *values = PyList_New(nlegal);
    if (!values) return NULL;
    for (Py_ssize_t i = 0; i < nlegal; i++) {
        PyObject *action = PyList_GET_ITEM(legal, i);
        PyTypeObject *t = Py_TYPE(action);
        double v;
        if (t == (PyTypeObject *)K.cls[C_POINT]) {
            int target, a, b;
            if (pyread_attr_int(WHO, action, s_target, 0, n - 1, &target) < 0) goto fail;
            if (!has_pointed[target]) {
                /* most Points: a seat not worth pointing at (one shared float) */
                Py_INCREF(minus99);
                PyList_SET_ITEM(values, i, minus99);
                continue;
            }
            if (attr_pair(action, p->nrow, &a, &b) < 0) goto fail;
            v = 0.5 * (pointed[target][a] + pointed[target][b]) + pace;
        } else if (t == (PyTypeObject *)K.cls[C_LOOK]) {
            int a, b;
            if (attr_pair(action, p->nrow, &a, &b) < 0) goto fail;
            v = look[a] + look[b];
        } else if (t == (PyTypeObject *)K.cls[C_REVEAL]) {
            int slot;
            if (pyread_attr_int(WHO, action, s_slot, 0, p->nrow - 1, &slot) < 0) goto fail;
            v = mine[slot] + pace;
        } else {
            int fallback = 0;
            if (role_value(p, action, place, here, &v, &fallback) < 0) goto fail;
            if (fallback) {
                Py_DECREF(values);
                Py_RETURN_NONE;
            }
        }
        PyObject *x = PyFloat_FromDouble(v);
        if (!x) goto fail;
        PyList_SET_ITEM(values, i, x);
    }
    return values;
fail:
    Py_DECREF(values);
    return NULL;
}

/* -- vote() and choose() --------------------------------------------------------------------- */

/* _card_keep_value: how much a vote card is worth keeping, by where the bot stands */
static double card_keep_value(const Pos *p, int card)
{
    int place = p->wplace[p->me], rank = p->wrank[p->me];
    double tops[3], flags, bottoms[2];
    if (place < ISLAND) {
        if (rank == 0) tops[0] = 0.6, tops[1] = 0.15, tops[2] = 0.5;
        else tops[0] = 0.4, tops[1] = 0.35, tops[2] = 0.4;
        flags = 0.2;
        if (rank == 1) bottoms[0] = 0.25, bottoms[1] = 0.1;
        else bottoms[0] = 0.1, bottoms[1] = 0.15;
    } else {
        tops[0] = 0.3, tops[1] = 0.2, tops[2] = 0.3;
        flags = place == ISLAND ? 0.6 : 0.3;
        bottoms[0] = bottoms[1] = 0.1;
    }
    double value = tops[top_of(card)] + bottoms[bottom_of(card)];
    if (flag_of(card) == p->flag) value += flags;
    return value;
}

/* _keep: what the hand keeps after this ballot, minus El Dorado spent; -1 on error */
static int keep(const Pos *p, const int *ballot, int nballot, double *out)
{
    int left[MAXHAND], nleft = p->nhand;
    memcpy(left, p->hand, sizeof(int) * nleft);
    for (int i = 0; i < nballot; i++) {
        int at = -1;
        for (int j = 0; j < nleft; j++)
            if (left[j] == ballot[i]) {
                at = j;
                break;
            }
        if (at < 0) {
            PyErr_SetString(PyExc_ValueError,
                            "Tortuga 1667 compiled bot: a ballot card is not in the hand");
            return -1;
        }
        memmove(&left[at], &left[at + 1], sizeof(int) * (nleft - at - 1));
        nleft--;
    }
    double sum = 0.0;
    for (int j = 0; j < nleft; j++) sum += card_keep_value(p, left[j]);
    double value = K.keep_weight * sum;
    if (nballot > 1) value -= K.double_vote_cost;
    *out = value;
    return 0;
}

static PyObject *cbot_vote(PyObject *self, PyObject *args)
{
    PyObject *ctx, *legal;
    Pos pos; /* on the stack: a call re-entered from Python (a str subclass) keeps its own */
    Pos *p = &pos;
    Py_ssize_t nlegal = begin(args, "OO:vote", &ctx, &legal, p);
    if (nlegal < 0) return NULL;
    /* ctx.decision: ("vote", kind, place, caller, voters) */
    PyObject *decision = ctx_attr(ctx, s_decision);
    if (!decision) return NULL;
    PyObject *values = NULL;
    int n = p->n, me = p->me, place, caller, voters[MAXS], nvoters;
    if (!tuple_of(decision, 5, 5, "decision")) goto done;
    PyObject *kind_o = PyTuple_GET_ITEM(decision, 1);
    if (!PyUnicode_Check(kind_o)) {
        PyErr_SetString(PyExc_TypeError, "Tortuga 1667 compiled bot: the vote's kind must be str");
        goto done;
    }
    int kind = PyUnicode_Compare(kind_o, s_attack) == 0   ? 0
               : PyUnicode_Compare(kind_o, s_mutiny) == 0 ? 1
                                                          : 2;
    if (PyErr_Occurred()) goto done;
    if (pyread_int(WHO, PyTuple_GET_ITEM(decision, 2), 0, 2, "the vote's place", &place) < 0 ||
        pyread_int(WHO, PyTuple_GET_ITEM(decision, 3), 0, n - 1, "the vote's caller",
                   &caller) < 0 ||
        (nvoters = read_ints(PyTuple_GET_ITEM(decision, 4), voters, n, -1, 0, n - 1,
                             "the vote's voters")) < 0)
        goto done;
    double win = 0.0;
    Model models[MAXS];
    int nmodels = 0, captain = -1;
    if (kind == 0) {
        if (place > 1) goto python;
        if (caller == me) win = attack_gain(p, place);
        else if (p->galleon) win = p->sides[caller];
        else win = p->holds[1 - place][0] + p->holds[1 - place][1] ? 1.5 * p->sides[caller] : 0.0;
        int seats[MAXS];
        for (int i = 0; i < nvoters; i++)
            if (voters[i] != me) seats[nmodels++] = voters[i];
        attack_models(p, seats, nmodels, caller, models);
    } else if (kind == 1) {
        if (place > 1 || p->nline[place] < 1) goto python;
        captain = p->line[place][0];
        win = mutiny_win(p, place, captain, caller);
    }
    values = PyList_New(nlegal);
    if (!values) goto done;
    for (Py_ssize_t i = 0; i < nlegal; i++) {
        PyObject *action = PyList_GET_ITEM(legal, i);
        if (!PyObject_TypeCheck(action, (PyTypeObject *)K.cls[C_VOTE])) {
            PyErr_Format(PyExc_TypeError, "Tortuga 1667 compiled bot: a vote's actions must be "
                         "Vote, not %.100s", Py_TYPE(action)->tp_name);
            goto fail;
        }
        PyObject *cards_o = PyObject_GetAttr(action, s_cards);
        if (!cards_o) goto fail;
        int cards[MAXHAND];
        int ncards = read_ints(cards_o, cards, MAXBALLOT, -1, 0, NVOTE - 1, "a ballot");
        Py_DECREF(cards_o);
        if (ncards < 0) goto fail;
        double kept, v;
        if (keep(p, cards, ncards, &kept) < 0) goto fail;
        if (kind == 0)
            v = win * attack_chance(cards, ncards, (const Model *)models, nmodels,
                                    p->deck_none ? NULL : p->deck) + kept;
        else if (kind == 1)
            v = win * mutiny_chance(p, place, captain, me, cards, ncards) + kept;
        else
            v = brawl_gain(p, voters, nvoters, cards, ncards) + kept;
        PyObject *x = PyFloat_FromDouble(v);
        if (!x) goto fail;
        PyList_SET_ITEM(values, i, x);
    }
    goto done;
python: /* a vote Python must value (or fail on) itself */
    values = Py_None;
    Py_INCREF(values);
    goto done;
fail:
    Py_CLEAR(values);
done:
    Py_DECREF(decision);
    return values;
}

/* choose(ctx, legal): bot._choose */
static PyObject *cbot_choose(PyObject *self, PyObject *args)
{
    PyObject *ctx, *legal;
    Pos pos; /* on the stack: a call re-entered from Python (a str subclass) keeps its own */
    Pos *p = &pos;
    Py_ssize_t nlegal = begin(args, "OO:choose", &ctx, &legal, p);
    if (nlegal < 0) return NULL;
    if (face_down(p)) Py_RETURN_NONE;
    end_and_tempo(p);
    double mine[MAXROW];
    slots(p, p->me, mine);
    PyObject *values = PyList_New(nlegal);
    if (!values) return NULL;
    for (Py_ssize_t i = 0; i < nlegal; i++) {
        PyObject *action = PyList_GET_ITEM(legal, i);
        double v = -99.0;
        if (PyObject_TypeCheck(action, (PyTypeObject *)K.cls[C_CHOOSE])) {
            int slot;
            if (pyread_attr_int(WHO, action, s_slot, 0, p->nrow - 1, &slot) < 0) {
                Py_DECREF(values);
                return NULL;
            }
            v = mine[slot];
        }
        PyObject *x = PyFloat_FromDouble(v);
        if (!x) {
            Py_DECREF(values);
            return NULL;
        }
        PyList_SET_ITEM(values, i, x);
    }
    return values;
}

/* seat(ctx, legal): bot._marque, bot._pistol or bot._give_map, by ctx.decision[0] */
static PyObject *cbot_seat(PyObject *self, PyObject *args)
{
    PyObject *ctx, *legal;
    Pos pos; /* on the stack: a call re-entered from Python (a str subclass) keeps its own */
    Pos *p = &pos;
    Py_ssize_t nlegal = begin(args, "OO:seat", &ctx, &legal, p);
    if (nlegal < 0) return NULL;
    PyObject *decision = ctx_attr(ctx, s_decision);
    if (!decision) return NULL;
    int kind = -1;
    if (PyTuple_Check(decision) && PyTuple_GET_SIZE(decision) > 0 &&
        PyUnicode_Check(PyTuple_GET_ITEM(decision, 0))) {
        PyObject *name = PyTuple_GET_ITEM(decision, 0);
        kind = PyUnicode_Compare(name, s_marque) == 0     ? 0
               : PyUnicode_Compare(name, s_pistol) == 0   ? 1
               : PyUnicode_Compare(name, s_give_map) == 0 ? 2
                                                          : -1;
    }
    Py_DECREF(decision);
    if (kind < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "Tortuga 1667 compiled bot: seat() values a "
                            "marque, pistol or give_map decision");
        return NULL;
    }
    int n = p->n;
    PyObject *values = PyList_New(nlegal);
    if (!values) return NULL;
    for (Py_ssize_t i = 0; i < nlegal; i++) {
        PyObject *action = PyList_GET_ITEM(legal, i);
        double v = -99.0;
        int seat, ship;
        if (kind == 0) {
            if (PyObject_TypeCheck(action, (PyTypeObject *)K.cls[C_MARQUE_MOVE])) {
                if (pyread_attr_int(WHO, action, s_seat, 0, n - 1, &seat) < 0 ||
                    pyread_attr_int(WHO, action, s_ship, 0, 1, &ship) < 0)
                    goto fail;
                /* marque_move_value */
                double at = value_at(p, seat, ship, p->nline[ship]);
                fill_now(p);
                v = p->sides[seat] * (at - p->now[seat]);
            } else if (PyObject_TypeCheck(action, (PyTypeObject *)K.cls[C_MARQUE_DRAW])) {
                v = 0.3;
            }
        } else if (PyObject_TypeCheck(action, (PyTypeObject *)K.cls[C_TARGET])) {
            if (pyread_attr_int(WHO, action, s_seat, 0, n - 1, &seat) < 0) goto fail;
            if (kind == 1) v = maroon_value(p, seat, 0);
            else v = p->sides[seat] + 0.05 * spot_value(p, p->wplace[seat], p->wrank[seat]);
        }
        PyObject *x = PyFloat_FromDouble(v);
        if (!x) goto fail;
        PyList_SET_ITEM(values, i, x);
    }
    return values;
fail:
    Py_DECREF(values);
    return NULL;
}

/* -- init ------------------------------------------------------------------------------------- */

static int get_double(PyObject *dict, const char *key, double *out)
{
    PyObject *v = pyread_need(WHO, dict, key);
    return v ? read_double(v, key, out) : -1;
}

static PyObject *cbot_init(PyObject *self, PyObject *args)
{
    PyObject *dict, *classes;
    if (!PyArg_ParseTuple(args, "O!O!:init", &PyDict_Type, &dict, &PyTuple_Type, &classes))
        return NULL;
    Constants c;
    memset(&c, 0, sizeof c);
    static const PyreadIndex indices[] = {
        {"BRITISH", BRITISH}, {"FRENCH", FRENCH}, {"DUTCH", DUTCH},
        {"ISLAND", ISLAND},   {"BOAT", BOAT},     {"CANNON", CANNON},
        {"WATER", WATER},     {"TORCH", TORCH},   {"SKULL", SKULL},
    };
    if (pyread_expect_all(WHO, dict, indices, sizeof indices / sizeof indices[0]) < 0) return NULL;
    PyObject *o;
    if (!(o = pyread_need(WHO, dict, "NEUTRAL")) ||
        read_doubles(o, c.neutral, 3, 3, "NEUTRAL") < 0 ||
        !(o = pyread_need(WHO, dict, "SUPPORT")) ||
        read_doubles(o, c.support, 3, 3, "SUPPORT") < 0 ||
        !(o = pyread_need(WHO, dict, "SABOTAGE")) ||
        read_doubles(o, c.sabotage, 3, 3, "SABOTAGE") < 0 ||
        !(o = pyread_need(WHO, dict, "TOP_COUNTS")) ||
        read_ints(o, c.top_counts, 3, 3, 0, 1000, "TOP_COUNTS") < 0)
        return NULL;
    const PyreadDouble numbers[] = {
        {"LOOK_INFO", &c.look_info},
        {"CYCLE", &c.cycle},
        {"MAP_VALUE", &c.map_value},
        {"FRIEND_FIRE", &c.friend_fire},
        {"KEEP_WEIGHT", &c.keep_weight},
        {"GAME_VALUE", &c.game_value},
        {"LEAD_WEIGHT", &c.lead_weight},
        {"CERTAINTY", &c.certainty},
        {"TEMPO", &c.tempo},
        {"DOUBLE_VOTE_COST", &c.double_vote_cost},
    };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        if (get_double(dict, numbers[i].key, numbers[i].out) < 0) return NULL;
    if (pyread_get_int(WHO, dict, "SKULL_COUNT", 0, 1000, &c.skull_count) < 0 ||
        pyread_get_int(WHO, dict, "BRITISH_COUNT", 0, 1000, &c.british_count) < 0 ||
        pyread_get_int(WHO, dict, "VOTE_DECK_SIZE", 1, 1000, &c.vote_deck_size) < 0)
        return NULL;
    /* event card names, in this file's order, and the row's HIDDEN and EMPTY */
    PyObject *cards = pyread_need(WHO, dict, "CARD_NAMES");
    PyObject *hidden = pyread_need(WHO, dict, "HIDDEN");
    PyObject *empty = pyread_need(WHO, dict, "EMPTY");
    if (!cards || !hidden || !empty || !tuple_of(cards, NCARDS, NCARDS, "CARD_NAMES")) return NULL;
    PyObject *names = PyDict_New();
    if (!names) return NULL;
    for (int i = 0; i < NCARDS + 2; i++) {
        PyObject *name = i < NCARDS ? PyTuple_GET_ITEM(cards, i) : i == NCARDS ? hidden : empty;
        PyObject *id = PyLong_FromLong(i < NCARDS ? i : i == NCARDS ? R_HIDDEN : R_EMPTY);
        int bad = !PyUnicode_Check(name) || PyDict_Contains(names, name) != 0;
        if (!id || bad || PyDict_SetItem(names, name, id) < 0) {
            Py_XDECREF(id);
            Py_DECREF(names);
            if (bad && !PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "Tortuga 1667 compiled bot: CARD_NAMES, "
                                "HIDDEN and EMPTY must be distinct str");
            return NULL;
        }
        Py_DECREF(id);
    }
    if (pyread_classes(WHO, classes, c.cls, C_N,
                       "Point, Look, Reveal, Move, Attack, Maroon, Mutiny, MoveChest, Brawl, "
                       "PlayMap, Vote, Choose, Target, MarqueMove, MarqueDraw") < 0) {
        Py_DECREF(names);
        return NULL;
    }
    /* all read: swap in */
    for (int i = 0; i < C_N; i++) Py_INCREF(c.cls[i]);
    Py_INCREF(dict);
    Constants old = K;
    K = c;
    K.names = names;
    K.constants = dict;
    K.ready = 1;
    if (old.ready) {
        for (int i = 0; i < C_N; i++) Py_XDECREF(old.cls[i]);
        Py_XDECREF(old.names);
        Py_XDECREF(old.constants);
    }
    Py_RETURN_NONE;
}

/* The numbers as this module holds them (for the tests). */
static PyObject *cbot_constants(PyObject *self, PyObject *noargs)
{
    if (!K.ready) Py_RETURN_NONE;
    PyObject *cards = PyDict_GetItemString(K.constants, "CARD_NAMES"); /* init() read it */
    return Py_BuildValue(
        "{s:(ddd),s:(ddd),s:(ddd),s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:d,s:(iii),s:i,s:i,s:i,"
        "s:O}",
        "NEUTRAL", K.neutral[0], K.neutral[1], K.neutral[2],
        "SUPPORT", K.support[0], K.support[1], K.support[2],
        "SABOTAGE", K.sabotage[0], K.sabotage[1], K.sabotage[2],
        "LOOK_INFO", K.look_info, "CYCLE", K.cycle, "MAP_VALUE", K.map_value,
        "FRIEND_FIRE", K.friend_fire, "KEEP_WEIGHT", K.keep_weight,
        "DOUBLE_VOTE_COST", K.double_vote_cost, "GAME_VALUE", K.game_value,
        "LEAD_WEIGHT", K.lead_weight, "CERTAINTY", K.certainty, "TEMPO", K.tempo,
        "TOP_COUNTS", K.top_counts[0], K.top_counts[1], K.top_counts[2],
        "SKULL_COUNT", K.skull_count, "BRITISH_COUNT", K.british_count,
        "VOTE_DECK_SIZE", K.vote_deck_size, "CARD_NAMES", cards ? cards : Py_None);
}

static PyMethodDef cbot_methods[] = {
    {"init", cbot_init, METH_VARARGS,
     "init(constants: dict, classes: tuple) -> None\n\nThe tuned numbers (read off bot.py, "
     "bot_values.py and components.py by compiled.py), the event card names and the "
     "action classes Point, Look, Reveal, Move, Attack, Maroon, Mutiny, MoveChest, Brawl, "
     "PlayMap, Vote, Choose, Target, MarqueMove, MarqueDraw."},
    {"turn", cbot_turn, METH_VARARGS,
     "turn(ctx, legal) -> list[float] | None\n\nbot._turn(ctx, legal); None where Python "
     "must value it."},
    {"vote", cbot_vote, METH_VARARGS,
     "vote(ctx, legal) -> list[float] | None\n\nbot._vote(ctx, legal); None where Python "
     "must value it."},
    {"choose", cbot_choose, METH_VARARGS,
     "choose(ctx, legal) -> list[float] | None\n\nbot._choose(ctx, legal); None where "
     "Python must value it."},
    {"seat", cbot_seat, METH_VARARGS,
     "seat(ctx, legal) -> list[float]\n\nbot._marque, bot._pistol or bot._give_map (by the "
     "decision's kind) of (ctx, legal)."},
    {"constants", cbot_constants, METH_NOARGS,
     "constants() -> dict | None\n\nThe numbers as this module holds them (for the tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cbot_module = {
    PyModuleDef_HEAD_INIT, "compiled_c",
    "A compiled copy of the Tortuga 1667 heuristic's turn valuation (see the header of compiled.c).",
    -1, cbot_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_compiled_c(void)
{
    minus99 = PyFloat_FromDouble(-99.0);
    s_view = PyUnicode_InternFromString("view");
    s_pf = PyUnicode_InternFromString("pf");
    s_pe = PyUnicode_InternFromString("pe");
    s_sides = PyUnicode_InternFromString("sides");
    s_best_friend = PyUnicode_InternFromString("best_friend");
    s_acting = PyUnicode_InternFromString("acting");
    s_target = PyUnicode_InternFromString("target");
    s_slots = PyUnicode_InternFromString("slots");
    s_slot = PyUnicode_InternFromString("slot");
    s_to = PyUnicode_InternFromString("to");
    s_cards = PyUnicode_InternFromString("cards");
    s_attack = PyUnicode_InternFromString("attack");
    s_mutiny = PyUnicode_InternFromString("mutiny");
    s_decision = PyUnicode_InternFromString("decision");
    s_seat = PyUnicode_InternFromString("seat");
    s_ship = PyUnicode_InternFromString("ship");
    s_marque = PyUnicode_InternFromString("marque");
    s_pistol = PyUnicode_InternFromString("pistol");
    s_give_map = PyUnicode_InternFromString("give_map");
    if (!minus99 || !s_view || !s_pf || !s_pe || !s_sides || !s_best_friend || !s_acting || !s_target ||
        !s_slots || !s_slot || !s_to || !s_cards || !s_attack || !s_mutiny || !s_decision || !s_seat ||
        !s_ship || !s_marque || !s_pistol || !s_give_map)
        return NULL;
    return PyModule_Create(&cbot_module);
}

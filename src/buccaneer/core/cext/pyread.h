/* Reading the Python values a compiled extension is handed: ints in a range, an object's int
 * attribute, and the constants dict its init() receives.  Shared by the games' compiled bot
 * copies (games/<game>/compiled.c); it names no game.
 *
 * Every function takes `who`, the module's name for itself in its error messages (such as
 * "<Game> compiled bot"): a message reads "<who>: <what went wrong>", word for word what each
 * module said before this header.  All fail with a Python exception set and return -1 (NULL
 * for a pointer).
 *
 * Include it after <Python.h>; setup.py names this folder in the extensions' include_dirs
 * and the file in their depends. */
#ifndef BUCCANEER_CEXT_PYREAD_H
#define BUCCANEER_CEXT_PYREAD_H

/* An int from lo to hi (an int subclass too). */
static inline int pyread_long(const char *who, PyObject *o, long lo, long hi, const char *what,
                              long *out)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: %s must be an int, not %.100s", who, what,
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s: %s out of range %ld..%ld", who, what, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* The same into a C int (lo..hi within an int's range). */
static inline int pyread_int(const char *who, PyObject *o, long lo, long hi, const char *what,
                             int *out)
{
    long v;
    if (pyread_long(who, o, lo, hi, what, &v) < 0) return -1;
    *out = (int)v;
    return 0;
}

/* obj.<name>, an int from lo to hi; the messages name the attribute. */
static inline int pyread_attr_int(const char *who, PyObject *obj, PyObject *name, long lo,
                                  long hi, int *out)
{
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    int rc = pyread_int(who, v, lo, hi, PyUnicode_AsUTF8(name), out);
    Py_DECREF(v);
    return rc;
}

/* -- the constants dict init() receives ------------------------------------------------------- */

/* dict[key], borrowed; a missing key is a KeyError. */
static inline PyObject *pyread_need(const char *who, PyObject *dict, const char *key)
{
    PyObject *v = PyDict_GetItemString(dict, key); /* borrowed */
    if (!v) PyErr_Format(PyExc_KeyError, "%s: init() needs %s", who, key);
    return v;
}

/* dict[key], an int from lo to hi. */
static inline int pyread_get_int(const char *who, PyObject *dict, const char *key, long lo,
                                 long hi, int *out)
{
    PyObject *v = pyread_need(who, dict, key);
    return v ? pyread_int(who, v, lo, hi, key, out) : -1;
}

/* dict[key] must be `value`, a rules' index the C file names: Python and C must agree. */
static inline int pyread_expect(const char *who, PyObject *dict, const char *key, long value)
{
    int got;
    if (pyread_get_int(who, dict, key, -1000, 1000, &got) < 0) return -1;
    if (got != value) {
        PyErr_Format(PyExc_ValueError, "%s: %s is %d in Python but %ld here; compiled.c must follow",
                     who, key, got, value);
        return -1;
    }
    return 0;
}

/* A number the dict holds (key) and where init() keeps it (out), for a table the C file reads
 * in order with its own reader of numbers. */
typedef struct {
    const char *key;
    double *out;
} PyreadDouble;

/* A rules' index the C file names: the key in the dict and its value here. */
typedef struct {
    const char *key;
    long value;
} PyreadIndex;

/* pyread_expect for each of indices[0..n), in order; the first that fails stops. */
static inline int pyread_expect_all(const char *who, PyObject *dict, const PyreadIndex *indices,
                                    size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (pyread_expect(who, dict, indices[i].key, indices[i].value) < 0) return -1;
    return 0;
}

/* The action classes init() is handed: a tuple of n types (`names` lists them, for the
 * message), into out[0..n) (borrowed; out is left part-filled on an error). */
static inline int pyread_classes(const char *who, PyObject *classes, PyObject **out, Py_ssize_t n,
                                 const char *names)
{
    if (PyTuple_GET_SIZE(classes) != n) {
        PyErr_Format(PyExc_ValueError, "%s: init() needs the classes %s", who, names);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *cls = PyTuple_GET_ITEM(classes, i);
        if (!PyType_Check(cls)) {
            PyErr_Format(PyExc_TypeError, "%s: init() needs classes", who);
            return -1;
        }
        out[i] = cls;
    }
    return 0;
}

#endif /* BUCCANEER_CEXT_PYREAD_H */

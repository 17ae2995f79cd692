/* dictread.h: dictionary reads and writes of the compiled build that find their key at the
 * identity test without CPython's chain of calls.
 *
 * Theory of operation. The compiled interpreter reads and writes the plain-data state as dicts,
 * some four hundred reads and a hundred writes a choice point. Each read went through
 * PyDict_GetItemWithError, _Py_dict_lookup and its probe, some 90 to 125 instructions on CPython
 * 3.11, even when the key is the object the dict holds (an interned name of a field, a thing's
 * id, a node's number); each write through insertdict, some 200. setup.py includes this header
 * first in every compiled module (`-include`), so Cython's own reads, membership tests and
 * writes (PyDict_GetItemWithError, PyDict_Contains, PyDict_SetItem) come here. The probe walks
 * the table as CPython does, and answers at once when the slot holds the very key, or when it
 * reaches an empty slot having met no key of the same hash (no equal key can be in the table:
 * CPython compares by value only keys whose hash is the same). A write of a key found so puts
 * the new value in place, as CPython does. Anything else (a key whose hash is not cached, a key
 * of the same hash that is another object, a new key, a dict subclass, a split table) goes to
 * CPython itself, so the answers are always CPython's.
 *
 * The table's layout is CPython 3.11's (Include/internal/pycore_dict.h, which an extension may
 * not include); any other version, or a build that defines TABULA_NO_DICTREAD, reads and writes
 * through CPython only. tests/test_dict_reads.py compares both with CPython's, table by table.
 */
#ifndef TABULA_DICTREAD_H
#define TABULA_DICTREAD_H

#ifndef PY_SSIZE_T_CLEAN
#define PY_SSIZE_T_CLEAN
#endif
#include "Python.h"

#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000 && !defined(Py_LIMITED_API) \
    && !defined(PYPY_VERSION) && !defined(TABULA_NO_DICTREAD)
#define TABULA_DICTREAD 1

typedef struct {  /* struct _dictkeysobject of CPython 3.11 */
    Py_ssize_t dk_refcnt;
    uint8_t dk_log2_size;
    uint8_t dk_log2_index_bytes;
    uint8_t dk_kind;  /* 0: general (entries keep their hash), else unicode keys */
    uint32_t dk_version;
    Py_ssize_t dk_usable;
    Py_ssize_t dk_nentries;
    char dk_indices[];
} tabula_keys;

typedef struct { Py_hash_t me_hash; PyObject *me_key; PyObject *me_value; } tabula_entry;
typedef struct { PyObject *me_key; PyObject *me_value; } tabula_unicode_entry;

static inline Py_ssize_t tabula_slot(const tabula_keys *keys, size_t i) {
    uint8_t log2 = keys->dk_log2_size;
    if (log2 < 8) return ((const int8_t *)keys->dk_indices)[i];
    if (log2 < 16) return ((const int16_t *)keys->dk_indices)[i];
    if (log2 >= 32) return (Py_ssize_t)((const int64_t *)keys->dk_indices)[i];
    return ((const int32_t *)keys->dk_indices)[i];
}

/* The key's hash where it costs nothing (a string's cached hash, a small int), else -1. */
static inline Py_hash_t tabula_known_hash(PyObject *key) {
    if (PyUnicode_CheckExact(key)) return ((PyASCIIObject *)key)->hash;
    if (PyLong_CheckExact(key)) {
        Py_ssize_t size = Py_SIZE(key);
        if (size == 0) return 0;
        if (size == 1) return (Py_hash_t)((PyLongObject *)key)->ob_digit[0];
    }
    return -1;
}

/* 1: *slot is where the key's value is kept, 0: the key is surely not there, -1: CPython must
 * look. */
static inline int tabula_probe(PyObject *op, PyObject *key, PyObject ***slot) {
    if (!PyDict_CheckExact(op) || ((PyDictObject *)op)->ma_values != NULL) return -1;
    Py_hash_t hash = tabula_known_hash(key);
    if (hash == -1) return -1;
    tabula_keys *keys = (tabula_keys *)((PyDictObject *)op)->ma_keys;
    char *entries = keys->dk_indices + ((size_t)1 << keys->dk_log2_index_bytes);
    size_t mask = ((size_t)1 << keys->dk_log2_size) - 1;
    size_t perturb = (size_t)hash;
    size_t i = (size_t)hash & mask;
    for (;;) {
        Py_ssize_t ix = tabula_slot(keys, i);
        if (ix == -1) return 0;  /* an empty slot: no key of this hash on the way */
        if (ix >= 0) {
            Py_hash_t found_hash;
            if (keys->dk_kind != 0) {
                tabula_unicode_entry *entry = (tabula_unicode_entry *)entries + ix;
                if (entry->me_key == key) { *slot = &entry->me_value; return 1; }
                found_hash = ((PyASCIIObject *)entry->me_key)->hash;
            } else {
                tabula_entry *entry = (tabula_entry *)entries + ix;
                if (entry->me_key == key) { *slot = &entry->me_value; return 1; }
                found_hash = entry->me_hash;
            }
            if (found_hash == hash) return -1;  /* maybe an equal key: CPython compares */
        }
        perturb >>= 5;
        i = mask & (i * 5 + perturb + 1);
    }
}

static inline PyObject *tabula_dict_get(PyObject *op, PyObject *key) {
    PyObject **slot;
    int found = tabula_probe(op, key, &slot);
    if (found == 1) return *slot;
    if (found == 0) return NULL;
    return (PyDict_GetItemWithError)(op, key);
}

static inline int tabula_dict_contains(PyObject *op, PyObject *key) {
    PyObject **slot;
    int found = tabula_probe(op, key, &slot);
    if (found >= 0) return found;
    return (PyDict_Contains)(op, key);
}

/* A dict's version (PEP 509) changes with each change of a value. CPython's counter is its own;
 * the versions given here count down from the top, where CPython's never reach, so a version a
 * reader kept (Cython keeps those of modules' globals) is never given again. */
static uint64_t tabula_version = UINT64_MAX;

/* Whether the collector need never see the value (CPython tracks a dict once it holds one it
 * may have to). */
static inline int tabula_atomic(PyObject *value) {
    return value == Py_None || PyLong_CheckExact(value) || PyUnicode_CheckExact(value) || PyBool_Check(value)
        || PyFloat_CheckExact(value);
}

/* A new value for a key the dict holds, the very object: written in place, as CPython does.
 * Anything else (a new key, an equal key, a dict the collector must start to track) is CPython's. */
static inline int tabula_dict_set(PyObject *op, PyObject *key, PyObject *value) {
    PyObject **slot;
    if (tabula_probe(op, key, &slot) == 1 && (tabula_atomic(value) || PyObject_GC_IsTracked(op))) {
        PyObject *old = *slot;
        Py_INCREF(value);
        *slot = value;
        ((PyDictObject *)op)->ma_version_tag = tabula_version--;
        Py_DECREF(old);
        return 0;
    }
    return (PyDict_SetItem)(op, key, value);
}

#define PyDict_GetItemWithError(op, key) tabula_dict_get((op), (key))
#define PyDict_Contains(op, key) tabula_dict_contains((op), (key))
#define PyDict_SetItem(op, key, value) tabula_dict_set((op), (key), (value))

#endif
#endif

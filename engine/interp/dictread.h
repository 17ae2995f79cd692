/* dictread.h: dictionary reads and writes (and tests of sets, compares of words) of the compiled
 * build that find their key at the identity test without CPython's chain of calls.
 *
 * Theory of operation. The compiled interpreter reads and writes the plain-data state as dicts,
 * some four hundred reads and a hundred writes a choice point. Each read went through
 * PyDict_GetItemWithError, _Py_dict_lookup and its probe, some 90 to 125 instructions on CPython
 * 3.11, even when the key is the object the dict holds (an interned name of a field, a thing's
 * id, a node's number); each write through insertdict, some 200. setup.py includes this header
 * first in every compiled module (`-include`), so Cython's own reads, membership tests and
 * writes (PyDict_GetItemWithError, PyDict_Contains, PyDict_SetItem, and the tests of sets,
 * PySet_Contains, PySequence_Contains) come here. The probe walks the table as CPython does,
 * and answers at once when the slot holds the very key, or when it reaches an empty slot having
 * met no key of the same hash (no equal key can be in the table: CPython compares by value only
 * keys whose hash is the same). A write of a key found so puts the new value in place, and a
 * write of a key surely not there puts it in the first free place on its way, as CPython does,
 * where the table has room. Anything else (a key whose hash is not at hand, a key of the same
 * hash that is another object, a full table, a dict subclass, a split table) goes to CPython
 * itself, so the answers are always CPython's. Compares of strings come here too
 * (PyUnicode_Compare, some 90 instructions, which Cython calls for == of two strings that are
 * not one object): words of one byte a letter are compared here.
 *
 * The table's layout is CPython 3.11's (Include/internal/pycore_dict.h, which an extension may
 * not include); any other version, or a build that defines TABULA_NO_DICTREAD, reads and writes
 * through CPython only. tests/test_dict_access.py compares each with CPython's, table by table.
 */
#ifndef TABULA_DICTREAD_H
#define TABULA_DICTREAD_H

#ifndef PY_SSIZE_T_CLEAN
#define PY_SSIZE_T_CLEAN
#endif
#include "Python.h"

#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000 && !defined(Py_LIMITED_API) \
    && !defined(PYPY_VERSION) && !defined(TABULA_NO_DICTREAD)

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

static inline void tabula_set_slot(tabula_keys *keys, size_t i, Py_ssize_t ix) {
    uint8_t log2 = keys->dk_log2_size;
    if (log2 < 8) ((int8_t *)keys->dk_indices)[i] = (int8_t)ix;
    else if (log2 < 16) ((int16_t *)keys->dk_indices)[i] = (int16_t)ix;
    else if (log2 >= 32) ((int64_t *)keys->dk_indices)[i] = (int64_t)ix;
    else ((int32_t *)keys->dk_indices)[i] = (int32_t)ix;
}

/* The key's hash where it costs nothing (a string's cached hash, an int of one or two digits:
 * under 2**60, its own hash), else -1. */
static inline Py_hash_t tabula_known_hash(PyObject *key) {
    if (PyUnicode_CheckExact(key)) return ((PyASCIIObject *)key)->hash;
#if PyLong_SHIFT == 30
    if (PyLong_CheckExact(key)) {
        const digit *digits = ((PyLongObject *)key)->ob_digit;
        switch (Py_SIZE(key)) {
            case 0: return 0;
            case 1: return (Py_hash_t)digits[0];
            case 2: return (Py_hash_t)digits[0] | ((Py_hash_t)digits[1] << 30);
            case -1: return digits[0] == 1 ? -2 : -(Py_hash_t)digits[0];
            case -2: return -((Py_hash_t)digits[0] | ((Py_hash_t)digits[1] << 30));
        }
    }
#endif
    return -1;
}

/* Where a probe ended: the key's value, or the first free place on its way (where CPython puts
 * a new key). */
typedef struct { PyObject **value; size_t free; Py_hash_t hash; } tabula_found;

/* 1: found->value is where the key's value is kept, 0: the key is surely not there (found->free
 * is where it would go), -1: CPython must look. */
static inline int tabula_probe(PyObject *op, PyObject *key, tabula_found *found) {
    if (!PyDict_CheckExact(op) || ((PyDictObject *)op)->ma_values != NULL) return -1;
    Py_hash_t hash = tabula_known_hash(key);
    if (hash == -1) return -1;
    tabula_keys *keys = (tabula_keys *)((PyDictObject *)op)->ma_keys;
    char *entries = keys->dk_indices + ((size_t)1 << keys->dk_log2_index_bytes);
    size_t mask = ((size_t)1 << keys->dk_log2_size) - 1;
    size_t perturb = (size_t)hash;
    size_t i = (size_t)hash & mask;
    int freed = 0;  /* whether a place taken out (a dummy) was met: the first free place */
    found->hash = hash;
    found->free = 0;
    for (;;) {
        Py_ssize_t ix = tabula_slot(keys, i);
        if (ix == -1) {  /* an empty slot: no key of this hash on the way */
            if (!freed) found->free = i;
            return 0;
        }
        if (ix >= 0) {
            Py_hash_t found_hash;
            if (keys->dk_kind != 0) {
                tabula_unicode_entry *entry = (tabula_unicode_entry *)entries + ix;
                if (entry->me_key == key) { found->value = &entry->me_value; return 1; }
                found_hash = ((PyASCIIObject *)entry->me_key)->hash;
            } else {
                tabula_entry *entry = (tabula_entry *)entries + ix;
                if (entry->me_key == key) { found->value = &entry->me_value; return 1; }
                found_hash = entry->me_hash;
            }
            if (found_hash == hash) return -1;  /* maybe an equal key: CPython compares */
        } else if (!freed) {
            freed = 1;
            found->free = i;
        }
        perturb >>= 5;
        i = mask & (i * 5 + perturb + 1);
    }
}

static inline PyObject *tabula_dict_get(PyObject *op, PyObject *key) {
    tabula_found found;
    int at = tabula_probe(op, key, &found);
    if (at == 1) return *found.value;
    if (at == 0) return NULL;
    return (PyDict_GetItemWithError)(op, key);
}

static inline int tabula_dict_contains(PyObject *op, PyObject *key) {
    tabula_found found;
    int at = tabula_probe(op, key, &found);
    if (at >= 0) return at;
    return (PyDict_Contains)(op, key);
}

/* A dict's version (PEP 509) changes with each change of a value. CPython's counter is its own;
 * the versions given here count down from the top, where CPython's never reach. Each compiled
 * module counts on its own, so a version it gives a dict is new to that dict unless another
 * module wrote the same dict at the same count. The readers that keep versions are Cython's, of
 * a module's globals, a class's dict and an instance's (for overridden methods); a module's
 * globals are written here only by that module's own import, and the dicts of classes and
 * instances are written by setting attributes, which is CPython's own. */
static uint64_t tabula_version = UINT64_MAX;

/* Whether the collector need never see the value (CPython tracks a dict once it holds one it
 * may have to). */
static inline int tabula_atomic(PyObject *value) {
    return value == Py_None || PyLong_CheckExact(value) || PyUnicode_CheckExact(value) || PyBool_Check(value)
        || PyFloat_CheckExact(value);
}

/* A write: a new value for a key the dict holds (the very object) in place; a new key in the
 * first free place on its way, where the table has room and holds keys of its kind; both as
 * CPython does. Anything else (an equal key, a table to grow, a string key's table to make
 * general, a dict the collector must start to track) is CPython's. */
static inline int tabula_dict_set(PyObject *op, PyObject *key, PyObject *value) {
    tabula_found found;
    int at = tabula_probe(op, key, &found);
    if (at >= 0 && (tabula_atomic(value) || PyObject_GC_IsTracked(op))) {
        PyDictObject *dict = (PyDictObject *)op;
        tabula_keys *keys = (tabula_keys *)dict->ma_keys;
        if (at == 1) {
            PyObject *old = *found.value;
            Py_INCREF(value);
            *found.value = value;
            dict->ma_version_tag = tabula_version--;
            Py_DECREF(old);
            return 0;
        }
        int unicode = keys->dk_kind != 0;
        if (keys->dk_usable > 0 && keys->dk_refcnt == 1 && (!unicode || PyUnicode_CheckExact(key))) {
            char *entries = keys->dk_indices + ((size_t)1 << keys->dk_log2_index_bytes);
            Py_ssize_t ix = keys->dk_nentries;
            Py_INCREF(key);
            Py_INCREF(value);
            tabula_set_slot(keys, found.free, ix);
            if (unicode) {
                tabula_unicode_entry *entry = (tabula_unicode_entry *)entries + ix;
                entry->me_key = key;
                entry->me_value = value;
            } else {
                tabula_entry *entry = (tabula_entry *)entries + ix;
                entry->me_hash = found.hash;
                entry->me_key = key;
                entry->me_value = value;
            }
            keys->dk_version = 0;  /* the keys changed: a reader's kept version of them is stale */
            keys->dk_usable--;
            keys->dk_nentries++;
            dict->ma_used++;
            dict->ma_version_tag = tabula_version--;
            return 0;
        }
    }
    return (PyDict_SetItem)(op, key, value);
}

/* 1: the set holds the very key, 0: it surely holds no key equal to it, -1: CPython must look.
 * (A set's table is public, Include/cpython/setobject.h; it is probed as set_lookkey does: a few
 * places side by side, then a jump.) */
static inline int tabula_set_probe(PyObject *op, PyObject *key) {
    Py_hash_t hash = tabula_known_hash(key);
    if (hash == -1) return -1;
    PySetObject *set = (PySetObject *)op;
    size_t mask = (size_t)set->mask;
    size_t perturb = (size_t)hash;
    size_t i = (size_t)hash & mask;
    for (;;) {
        setentry *entry = &set->table[i];
        int probes = (i + 9 <= mask) ? 9 : 0;
        do {
            if (entry->hash == 0 && entry->key == NULL) return 0;
            if (entry->hash == hash) return entry->key == key ? 1 : -1;
            entry++;
        } while (probes--);
        perturb >>= 5;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static inline int tabula_set_contains(PyObject *op, PyObject *key) {
    int at = PyAnySet_CheckExact(op) ? tabula_set_probe(op, key) : -1;
    if (at >= 0) return at;
    return (PySet_Contains)(op, key);
}

static inline int tabula_contains(PyObject *op, PyObject *key) {
    if (PyDict_CheckExact(op)) return tabula_dict_contains(op, key);
    int at = PyAnySet_CheckExact(op) ? tabula_set_probe(op, key) : -1;
    if (at >= 0) return at;
    return (PySequence_Contains)(op, key);
}

/* Two strings compared in order (-1, 0, 1), as PyUnicode_Compare does: Cython compares two
 * strings that are not the same object so, for ==. Strings of one byte a letter (most words) are
 * compared here, by their first letter and then their bytes; others by CPython. */
static inline int tabula_unicode_compare(PyObject *a, PyObject *b) {
    if (a == b && PyUnicode_CheckExact(a)) return 0;
    if (PyUnicode_CheckExact(a) && PyUnicode_CheckExact(b) && PyUnicode_IS_READY(a) && PyUnicode_IS_READY(b)
            && PyUnicode_KIND(a) == PyUnicode_1BYTE_KIND
            && PyUnicode_KIND(b) == PyUnicode_1BYTE_KIND) {
        Py_ssize_t la = PyUnicode_GET_LENGTH(a), lb = PyUnicode_GET_LENGTH(b);
        const unsigned char *da = PyUnicode_1BYTE_DATA(a), *db = PyUnicode_1BYTE_DATA(b);
        if (la > 0 && lb > 0 && da[0] != db[0]) return da[0] < db[0] ? -1 : 1;
        int order = memcmp(da, db, (size_t)(la < lb ? la : lb));
        if (order != 0) return order < 0 ? -1 : 1;
        return la < lb ? -1 : (la > lb ? 1 : 0);
    }
    return (PyUnicode_Compare)(a, b);
}

#define PyDict_GetItemWithError(op, key) tabula_dict_get((op), (key))
#define PyDict_Contains(op, key) tabula_dict_contains((op), (key))
#define PyDict_SetItem(op, key, value) tabula_dict_set((op), (key), (value))
#define PySet_Contains(op, key) tabula_set_contains((op), (key))
#define PySequence_Contains(op, key) tabula_contains((op), (key))
#define PyUnicode_Compare(a, b) tabula_unicode_compare((a), (b))

#endif
#endif

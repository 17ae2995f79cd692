# Declarations for the compiled build only (setup.py): C functions of a C integer, called at C
# speed by the modules that cimport them. The plain Python module ignores this file.
cdef Py_ssize_t KEPT
cpdef str numbered(list made, str word, Py_ssize_t number)
cpdef str env_key(Py_ssize_t serial)
cpdef str decision_id(Py_ssize_t count)
cpdef str seat_name(Py_ssize_t seat)
cpdef str numeral(Py_ssize_t number)
cpdef str value_key(Py_ssize_t number)

# Declarations for the compiled build only (setup.py): C functions, called at C speed by the
# modules that cimport them. The plain Python module ignores this file.
cdef Py_ssize_t KEPT
cpdef str numbered(list made, str word, object number)
cpdef str env_key(object serial)
cpdef str decision_id(object count)
cpdef str seat_name(object seat)
cpdef str numeral(object number)
cpdef str value_key(object number)

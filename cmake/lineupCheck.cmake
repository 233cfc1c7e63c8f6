# SPDX-License-Identifier: MIT
# lineup_check()'s step: `LINEUP ARGS... FILES...`, FILES read from LIST
# (one a line). When every rule holds it writes STAMP; on a broken rule
# (or any error) it removes STAMP, so that the next build checks again
# rather than taking the check as done. FILES stay: `lineup suggest` and
# `lineup show` read the library that failed (meson's helper keeps it too).
# The words come one per variable, LINEUP_ARG_0 .. <ARGC-1>.
set(args "")
math(EXPR last "${LINEUP_ARGC} - 1")
foreach(i RANGE 0 ${last})
  list(APPEND args "${LINEUP_ARG_${i}}")
endforeach()
file(STRINGS "${LIST}" files)
file(REMOVE "${STAMP}")
execute_process(COMMAND "${LINEUP}" ${args} ${files}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  list(JOIN files ", " names)
  message(FATAL_ERROR "lineup check failed (exit ${rc}) on ${names}; "
    "no stamp, so the next build checks again")
endif()
file(TOUCH "${STAMP}")

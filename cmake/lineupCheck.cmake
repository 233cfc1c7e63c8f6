# SPDX-License-Identifier: MIT
# lineup_check()'s step: `LINEUP ARGS... FILES...`, FILES read from LIST
# (one a line). When every rule holds it writes STAMP; on a broken rule
# (or any error) it removes STAMP and FILES, so that the next build makes
# and checks them again rather than taking the unchecked files as up to
# date. The words come one per variable, LINEUP_ARG_0 .. <ARGC-1>.
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
  file(REMOVE ${files})
  list(JOIN files ", " names)
  message(FATAL_ERROR "lineup check failed (exit ${rc}) on ${names}; "
    "removed so the next build checks again")
endif()
file(TOUCH "${STAMP}")

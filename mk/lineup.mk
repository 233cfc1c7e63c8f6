# SPDX-License-Identifier: MIT
# lineup in a Make build. Say what to check (before the include: the
# stamps' rule reads LINEUP_RULES as it is parsed), include it, and
# depend on the stamps (or run `make lineup_check`):
#
#   LINEUP_CHECK = libconn.a        # objects, libraries, programs (-g)
#   LINEUP_RULES = conn.ini         # optional
#   include $(shell pkg-config --variable=lineup_mk lineup)
#   all: libconn.a $(LINEUP_STAMPS)
#
# Each file in LINEUP_CHECK gets FILE.lineup-ok, made by `lineup check`
# when the file or the rules change; a broken rule fails the build with
# lineup's messages and leaves no stamp, so the next build checks again.
# LINEUP_STRICT = 1 checks with --strict (a rules member or group the
# layout lacks is an error); LINEUP_FLAGS adds any other option.
# LINEUP_CFLAGS holds what the compiles need: -g and lineup.h's directory.
# LINEUP is the installed tool (pkg-config --variable=lineup lineup) unless
# set; when pkg-config cannot find lineup, including this file fails with
# a message saying what to set (PKG_CONFIG_PATH or LINEUP). PKG_CONFIG
# names the pkg-config to ask, as in autoconf (a cross build's, or
# `pkg-config --define-prefix` for a relocated prefix).
PKG_CONFIG ?= pkg-config

# Including this file must not change the includer's default goal.
lineup__goal := $(.DEFAULT_GOAL)

# asked once, not at every check
ifeq ($(origin LINEUP),undefined)
LINEUP := $(shell $(PKG_CONFIG) --variable=lineup lineup 2>/dev/null)
ifeq ($(LINEUP),)
$(error lineup.mk: pkg-config cannot find lineup's tool ($(PKG_CONFIG) --variable=lineup lineup is empty): set PKG_CONFIG_PATH to <prefix>/share/pkgconfig, or LINEUP to the lineup binary)
endif
endif
LINEUP_RULES ?=
LINEUP_FLAGS ?=
LINEUP_STRICT ?=
# asked once, not at every compile
ifeq ($(origin LINEUP_INCLUDE),undefined)
LINEUP_INCLUDE := $(shell $(PKG_CONFIG) --variable=includedir lineup 2>/dev/null)
endif
LINEUP_CFLAGS = -g $(if $(LINEUP_INCLUDE),-I$(LINEUP_INCLUDE))

LINEUP_STAMPS = $(addsuffix .lineup-ok,$(LINEUP_CHECK))
lineup_rules_arg = $(if $(LINEUP_RULES),--rules $(LINEUP_RULES)) \
	$(if $(LINEUP_STRICT),--strict)

%.lineup-ok: % $(LINEUP_RULES)
	$(LINEUP) check $(lineup_rules_arg) $(LINEUP_FLAGS) $<
	@touch $@

# Every file at once, whatever the stamps say.
lineup_check: $(LINEUP_CHECK)
	$(LINEUP) check $(lineup_rules_arg) $(LINEUP_FLAGS) $^

lineup_clean:
	rm -f $(LINEUP_STAMPS)

.PHONY: lineup_check lineup_clean

.DEFAULT_GOAL := $(lineup__goal)

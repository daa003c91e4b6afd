# OpenBench builds an engine with `make EXE=<path>`: the default target
# builds the release binary and puts it at that path.
EXE ?= intrigue
ifeq ($(OS),Windows_NT)
    SUFFIX := .exe
else
    SUFFIX :=
endif

.PHONY: openbench
openbench:
	cargo build --release
	cp target/release/intrigue$(SUFFIX) $(EXE)$(if $(filter %$(SUFFIX),$(EXE)),,$(SUFFIX))

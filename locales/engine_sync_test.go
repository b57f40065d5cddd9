package locales

import (
	"slices"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The rules texts describe the engine's options; this test fails when the
// engine adds, removes or changes an option of a variant explained here, so
// that the texts get updated with it. It also requires a localized name for
// every variant the engine registers.
func TestMatchesEngine(t *testing.T) {
	for _, id := range RulesVariants() {
		v, err := engine.Lookup(id)
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		rs := ruleSets[id]
		if len(v.Options) != len(rs.opts) {
			t.Errorf("%s: engine has %d options, locales %d", id, len(v.Options), len(rs.opts))
			continue
		}
		for i, eo := range v.Options {
			o := rs.opts[i]
			kind := map[engine.OptionKind]optKind{engine.IntOption: intOpt, engine.BoolOption: boolOpt, engine.EnumOption: enumOpt}[eo.Kind]
			if eo.Name != o.name || eo.Default != o.def || kind != o.kind ||
				(kind == intOpt && (eo.Min != o.min || eo.Max != o.max)) ||
				(kind == enumOpt && !slices.Equal(eo.Values, o.values)) {
				t.Errorf("%s: engine option %+v, locales %+v", id, eo, o)
			}
			for _, l := range All {
				if OptionName(l, id, eo.Name) == eo.Name {
					t.Errorf("%s %s: option %s has no name", l, id, eo.Name)
				}
				if eo.Kind == engine.EnumOption {
					for _, val := range eo.Values {
						if OptionValue(l, id, eo.Name, val) == val {
							t.Errorf("%s %s: value %s=%s has no description", l, id, eo.Name, val)
						}
					}
				}
			}
		}
	}
	for _, v := range engine.Variants() {
		for _, l := range All {
			if !Has(l, "variant_"+v.ID) {
				t.Errorf("%s: engine variant %q has no name", l, v.ID)
			}
		}
	}
}

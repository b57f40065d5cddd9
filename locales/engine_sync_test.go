package locales

import (
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// The rules texts read the engine's options (there is no copy of them
// here); this test requires a localized name for every option of a variant
// explained here and a description of every enum value, and a localized
// name for every variant the engine registers.
func TestMatchesEngine(t *testing.T) {
	for _, id := range RulesVariants() {
		v, err := engine.Lookup(id)
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		for _, eo := range v.Options {
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

// Every refusal reason the engine declares carries a message key
// (engine.Reason.Message) that exists in every language.
func TestEveryReasonHasItsText(t *testing.T) {
	rs := engine.Reasons()
	if len(rs) < 20 {
		t.Fatalf("only %d reasons declared", len(rs))
	}
	for _, r := range rs {
		key, _ := r.Message(engine.Move{Pit: 3})
		for _, l := range All {
			if !Has(l, key) {
				t.Errorf("reason %d: %s has no %s", r, l, key)
			}
		}
	}
}

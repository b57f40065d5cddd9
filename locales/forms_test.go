package locales

import (
	"reflect"
	"testing"
)

// TestForms: a plural message's forms as written, per language; English
// for a key missing in the language; nil for a plain message or no key.
func TestForms(t *testing.T) {
	if got, want := Forms(RU, "seeds"), map[string]string{"one": "{Count} камень", "few": "{Count} камня", "many": "{Count} камней", "other": "{Count} камня"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ru seeds: %v", got)
	}
	if got, want := Forms(EN, "seeds"), map[string]string{"one": "{Count} seed", "other": "{Count} seeds"}; !reflect.DeepEqual(got, want) {
		t.Errorf("en seeds: %v", got)
	}
	if got := Forms(Lang("xx"), "seeds"); got["other"] != "{Count} seeds" {
		t.Errorf("an unknown language: %v", got)
	}
	if Forms(EN, "bot_name") != nil || Forms(EN, "no_such_key") != nil {
		t.Error("forms of a plain message or of no message")
	}
}

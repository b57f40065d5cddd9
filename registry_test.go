package mancala_test

// TestEveryVariantRegistered knows every registry outside the engine that
// a variant's own files must enter it in (docs/contributing.md, "Adding a
// variant", is the checklist). It reads the registries at run time and
// fails, naming the registry and the variant, when a variant the engine
// registers is missing from any of them. The engine's test-only pieces (the
// perft rows, the benchmark row, the fuzz target, the reference
// implementation) register in the engine's test binary, where
// engine.TestEveryVariantHasItsTests checks them the same way.

import (
	"bytes"
	"fmt"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/rulebook"
	"github.com/mancala-bot/mancala/search"
)

// registry is one place a variant must be entered in: has reports whether
// variant v is there ("" if so, else what is missing).
type registry struct {
	name  string // where the entry goes, as the failure message says it
	check func(v *engine.Variant) string
}

func registries() []registry {
	return []registry{
		{"locales: variant name (variant_<id> in text/<lang>/game_<id>.toml)", func(v *engine.Variant) string {
			var missing []string
			for _, l := range locales.All {
				if !locales.Has(l, "variant_"+v.ID) {
					missing = append(missing, string(l))
				}
			}
			return listMissing(missing)
		}},
		{"locales: rules text (registerRules in locales/rules_<id>.go, rules_<id>_* in text/<lang>/game_<id>.toml)", func(v *engine.Variant) string {
			if !slices.Contains(locales.RulesVariants(), v.ID) {
				return "no rule set registered"
			}
			var missing []string
			for _, l := range locales.All {
				if !locales.Has(l, "rules_"+v.ID+"_intro") || locales.Rules(l, v.ID, nil) == "" {
					missing = append(missing, string(l))
				}
			}
			return listMissing(missing)
		}},
		{"rulebook: examples (registerExamples in rulebook/examples_<id>.go)", func(v *engine.Variant) string {
			if !slices.Contains(rulebook.Variants(), v.ID) {
				return "no examples registered"
			}
			if len(rulebook.Examples(v.ID, nil)) == 0 {
				return "no example holds with the default options"
			}
			return ""
		}},
		{"search: evaluation (registerEval in search/internal/generic/eval_<id>.go; games of two or more players)", func(v *engine.Variant) string {
			if v.Players == 1 || search.HasEval(v.ID) {
				return ""
			}
			return "no evaluation registered"
		}},
		{"render: board image of the start position", func(v *engine.Variant) string {
			return renders(v)
		}},
	}
}

func TestEveryVariantRegistered(t *testing.T) {
	vs := engine.Variants()
	if len(vs) < 5 {
		t.Fatalf("only %d variants registered", len(vs))
	}
	for _, r := range registries() {
		for _, v := range vs {
			if msg := r.check(v); msg != "" {
				t.Errorf("registry %s lacks variant %q: %s", r.name, v.ID, msg)
			}
		}
	}
}

// The test must be able to fail: each registry is checked against a
// variant that is in none of them.
func TestRegistryCheckFailsForUnknownVariant(t *testing.T) {
	fake := &engine.Variant{ID: "no-such-game", Name: "No such game", Players: 2}
	for _, r := range registries() {
		if strings.HasPrefix(r.name, "render") {
			continue // needs rules to draw; the others only need the id
		}
		if r.check(fake) == "" {
			t.Errorf("registry %s claims to have %q", r.name, fake.ID)
		}
	}
}

func listMissing(langs []string) string {
	if len(langs) == 0 {
		return ""
	}
	return "missing in " + strings.Join(langs, ", ")
}

// renders draws v's start position as the bot would.
func renders(v *engine.Variant) (msg string) {
	defer func() {
		if e := recover(); e != nil {
			msg = fmt.Sprintf("render panics: %v", e)
		}
	}()
	r, err := v.New(nil)
	if err != nil {
		return "default rules: " + err.Error()
	}
	var buf bytes.Buffer
	if err := render.PNG(&buf, r.Start(), render.Options{}); err != nil {
		return err.Error()
	}
	img, err := png.Decode(&buf)
	if err != nil {
		return "not a PNG: " + err.Error()
	}
	if b := img.Bounds(); b.Dx() < 200 || b.Dy() < 100 {
		return fmt.Sprintf("a %dx%d image", b.Dx(), b.Dy())
	}
	return ""
}

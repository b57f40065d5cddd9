package mancala_test

// TestEveryVariantRegistered is the one place that knows every registry a
// variant must be entered in (engine/doc.go, "Adding a variant", is the
// checklist). It fails, naming the registry and the variant, when a variant
// the engine registers is missing from any of them.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"image/png"
	"path/filepath"
	"slices"
	"strconv"
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

func registries(t *testing.T) []registry {
	perft := testTableIDs(t, "engine/perft_test.go", "TestPerftTable", compositeFirstStrings)
	reference := testTableIDs(t, "engine/reference_test.go", "refRules", caseStrings)
	// A variant may also have its reference in a file of its own
	// (engine/reference_<name>_test.go) whose TestReference functions play
	// it: engine.MustNew("<id>", ...).
	reference = append(reference, ownReferenceIDs(t)...)
	fuzz := fuzzTargetIDs(t, "engine/fuzz_test.go")
	in := func(ids []string) func(v *engine.Variant) string {
		return func(v *engine.Variant) string {
			if slices.Contains(ids, v.ID) {
				return ""
			}
			return "no entry"
		}
	}
	return []registry{
		{"locales: variant name (variant_<id> in text/<lang>/messages.toml)", func(v *engine.Variant) string {
			var missing []string
			for _, l := range locales.All {
				if !locales.Has(l, "variant_"+v.ID) {
					missing = append(missing, string(l))
				}
			}
			return listMissing(missing)
		}},
		{"locales: rules text (ruleSets in locales/variants.go, rules_<id>_* in text/<lang>/rules.toml)", func(v *engine.Variant) string {
			if !slices.Contains(locales.RulesVariants(), v.ID) {
				return "no ruleSets entry"
			}
			var missing []string
			for _, l := range locales.All {
				if !locales.Has(l, "rules_"+v.ID+"_intro") || locales.Rules(l, v.ID, nil) == "" {
					missing = append(missing, string(l))
				}
			}
			return listMissing(missing)
		}},
		{"rulebook: examples (examplers in rulebook/rulebook.go)", func(v *engine.Variant) string {
			if !slices.Contains(rulebook.Variants(), v.ID) {
				return "no examplers entry"
			}
			if len(rulebook.Examples(v.ID, nil)) == 0 {
				return "no example holds with the default options"
			}
			return ""
		}},
		{"search: evaluation (evaluators in search/eval.go; two-player variants)", func(v *engine.Variant) string {
			if v.Players == 1 || search.HasEval(v.ID) {
				return ""
			}
			return "no evaluators entry"
		}},
		{"render: board image of the start position", func(v *engine.Variant) string {
			return renders(v)
		}},
		{"engine/perft_test.go: TestPerftTable", in(perft)},
		{"engine/reference_test.go: the reference implementation (refRules and the rest, or a TestReference in engine/reference_<name>_test.go)", in(reference)},
		{"engine/fuzz_test.go: a Fuzz<Variant> target calling fzRun", in(fuzz)},
	}
}

func TestEveryVariantRegistered(t *testing.T) {
	vs := engine.Variants()
	if len(vs) < 5 {
		t.Fatalf("only %d variants registered", len(vs))
	}
	for _, r := range registries(t) {
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
	for _, r := range registries(t) {
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

// testTableIDs parses a test file of the repository and returns the
// variant ids that collect finds in the body of function fn.
func testTableIDs(t *testing.T, path, fn string, collect func(ast.Node) []string) []string {
	t.Helper()
	f := parseFile(t, path)
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == fn {
			return collect(fd.Body)
		}
	}
	t.Fatalf("%s: no function %s (the registry test reads its table)", path, fn)
	return nil
}

func parseFile(t *testing.T, path string) *ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatalf("parse %s: %v", path, err)
	}
	return f
}

// compositeFirstStrings: the string literals that open a composite literal
// ({"kalah", nil, []uint64{...}}).
func compositeFirstStrings(n ast.Node) []string {
	var ids []string
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CompositeLit); ok && len(c.Elts) > 0 {
			if s, ok := stringLit(c.Elts[0]); ok {
				ids = append(ids, s)
			}
		}
		return true
	})
	return ids
}

// caseStrings: the string literals of switch cases (case "kalah":).
func caseStrings(n ast.Node) []string {
	var ids []string
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CaseClause); ok {
			for _, e := range c.List {
				if s, ok := stringLit(e); ok {
					ids = append(ids, s)
				}
			}
		}
		return true
	})
	return ids
}

// fuzzTargetIDs returns the variant ids that a Fuzz* function passes to
// fzRun (fzRun(t, "kalah", opts, r)).
func fuzzTargetIDs(t *testing.T, path string) []string {
	t.Helper()
	var ids []string
	for _, d := range parseFile(t, path).Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !strings.HasPrefix(fd.Name.Name, "Fuzz") {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && len(call.Args) >= 2 {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "fzRun" {
					if s, ok := stringLit(call.Args[1]); ok {
						ids = append(ids, s)
					}
				}
			}
			return true
		})
	}
	if len(ids) == 0 {
		t.Fatalf("%s: no Fuzz target calls fzRun (the registry test reads them)", path)
	}
	return ids
}

func stringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

// ownReferenceIDs are the variants the TestReference functions of
// engine/reference_*_test.go create with engine.MustNew("<id>", ...).
func ownReferenceIDs(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("engine/reference_*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, path := range files {
		f := parseFile(t, path)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fd.Name.Name, "TestReference") {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "MustNew" {
					if id, ok := stringLit(call.Args[0]); ok {
						ids = append(ids, id)
					}
				}
				return true
			})
		}
	}
	return ids
}

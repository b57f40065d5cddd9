package engine

import (
	"strings"
	"testing"
)

// A variant's pieces of the engine's tests live in its own test files and
// register themselves in init, so that adding a variant edits no shared
// test file:
//
//   - engine/<id>_test.go: addPerft (rows of TestPerftTable), addBench (a
//     row of BenchmarkPerft) and addFuzz (its Fuzz<Variant> target, which
//     .ci/run finds and fuzzes on its own);
//   - its reference implementation's test (engine/reference_<id>_test.go,
//     package engine_test): AddReference.
//
// TestEveryVariantHasItsTests fails, naming the variant and the piece, when
// a registered variant lacks any of them.

// perftRow is a row of TestPerftTable: perft from the start of the rules
// with opts, at depths 1, 2, ..., len(want).
type perftRow struct {
	opts Options
	want []uint64
}

// benchRow is a row of BenchmarkPerft: perft to depth from the start of
// the rules with opts, as sub-benchmark name.
type benchRow struct {
	name  string
	opts  Options
	depth int
}

var (
	perftRows   = map[string][]perftRow{}
	benchRows   = map[string][]benchRow{}
	fuzzTargets = map[string]func(*testing.F){}
	references  = map[string]func(*testing.T){}
)

// addPerft registers variant id's rows of TestPerftTable.
func addPerft(id string, rows ...perftRow) { perftRows[id] = append(perftRows[id], rows...) }

// addBench registers variant id's rows of BenchmarkPerft.
func addBench(id string, rows ...benchRow) { benchRows[id] = append(benchRows[id], rows...) }

// addFuzz registers variant id's fuzz target.
func addFuzz(id string, target func(*testing.F)) {
	if _, dup := fuzzTargets[id]; dup {
		panic("engine test: two fuzz targets for " + id)
	}
	fuzzTargets[id] = target
}

// AddReference registers test as the one that plays variant id against
// its reference implementation (for the engine_test files).
func AddReference(id string, test func(*testing.T)) {
	if _, dup := references[id]; dup {
		panic("engine test: two reference tests for " + id)
	}
	references[id] = test
}

// missingTests says which test pieces variant id lacks ("" if none).
func missingTests(id string) string {
	var missing []string
	if len(perftRows[id]) == 0 {
		missing = append(missing, "perft rows (addPerft in engine/<id>_test.go)")
	}
	if len(benchRows[id]) == 0 {
		missing = append(missing, "a BenchmarkPerft row (addBench in engine/<id>_test.go)")
	}
	if fuzzTargets[id] == nil {
		missing = append(missing, "a fuzz target (addFuzz in engine/<id>_test.go)")
	}
	if references[id] == nil {
		missing = append(missing, "a reference implementation (AddReference in engine/reference_<id>_test.go)")
	}
	return strings.Join(missing, ", ")
}

func TestEveryVariantHasItsTests(t *testing.T) {
	vs := Variants()
	if len(vs) < 19 {
		t.Fatalf("only %d variants registered", len(vs))
	}
	for _, v := range vs {
		if m := missingTests(v.ID); m != "" {
			t.Errorf("variant %q lacks %s", v.ID, m)
		}
	}
	// And the check can fail: a variant with none of them.
	if m := missingTests("no-such-game"); strings.Count(m, ", ") != 3 {
		t.Errorf("an unknown variant lacks only %q", m)
	}
	// Every piece belongs to a registered variant.
	for _, reg := range []map[string]bool{keys(perftRows), keys(benchRows), keys(fuzzTargets), keys(references)} {
		for id := range reg {
			if _, err := Lookup(id); err != nil {
				t.Errorf("test piece for %s: %v", id, err)
			}
		}
	}
}

func keys[V any](m map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

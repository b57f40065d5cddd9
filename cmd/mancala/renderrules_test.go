package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b.png")
	mustRun(t, "", "render", "togyz", "7", "1", "-o", out)
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 600 || b.Dy() < 200 {
		t.Errorf("image %v too small", b)
	}
	stdout := mustRun(t, "", "render", "kalah", "3", "-o", "-")
	if !strings.HasPrefix(stdout, "\x89PNG") {
		t.Error("-o - did not write a PNG to stdout")
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"render", "kalah"}, 2, "missing -o"},
		{[]string{"render", "kalah", "3", "3", "-o", out}, 1, "move 2 (ply 1): pit 3 is empty"},
		{[]string{"render", "chess", "-o", out}, 2, "unknown variant"},
	} {
		code, _, errOut := mancala(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

func TestRulesCommand(t *testing.T) {
	for lang, want := range map[string]string{"en": "Kalah", "ru": "Калах", "pl": "Kalah", "da": "Kalaha"} {
		out := mustRun(t, "", "rules", "kalah", "--lang", lang)
		if !strings.Contains(out, want) || strings.Contains(out, "*") {
			t.Errorf("rules kalah --lang %s: %q", lang, out)
		}
	}
	def := mustRun(t, "", "rules", "oware", "--lang", "en")
	opt := mustRun(t, "", "rules", "oware", "--lang", "en", "--opt", "grand_slam=forbidden")
	if def == opt {
		t.Error("the grand_slam option does not change the explanation")
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"rules"}, "want one VARIANT"},
		{[]string{"rules", "kalah", "--lang", "de"}, `--lang "de"`},
		{[]string{"rules", "kalah", "--opt", "seeds=99"}, "seeds"},
	} {
		code, _, errOut := mancala(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q", c.args, code, errOut)
		}
	}
}

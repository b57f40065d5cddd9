package terminal_test

import (
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/adapters/terminal"
	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// TestReplayAnimation: a scripted game in the terminal; pressing ▶ (its
// label typed) and "replay" print the animation's frame count and save
// the GIF, intact, beside the board images.
func TestReplayAnimation(t *testing.T) {
	dir := t.TempDir()
	db, err := sqlite.Open(context.Background(), filepath.Join(dir, "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out bytes.Buffer
	c := &terminal.Chat{Handler: bot.New(bot.Config{Store: db}), Out: &out, ImageDir: filepath.Join(dir, "img")}
	script := "alice> /new kalah @bob\nbob> /accept\nalice> 3\nbob> ▶\ncarol> /replay\n"
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	if !strings.Contains(got, "buttons: [1] [2] [4] [5] [6] [▶]") {
		t.Errorf("no replay button after the move:\n%s", got)
	}
	notes := regexp.MustCompile(`Last move: @alice played pit 3\.[^\n]*\n\[animation: (\d+) frames\]\nanimation: (\S+)\n`).FindAllStringSubmatch(got, -1)
	if len(notes) != 2 {
		t.Fatalf("want two replays, got:\n%s", got)
	}
	for _, n := range notes {
		data, err := os.ReadFile(n[2])
		if err != nil {
			t.Fatal(err)
		}
		g, err := gif.DecodeAll(bytes.NewReader(data))
		if err != nil || len(g.Image) < 2 || n[1] != strconv.Itoa(len(g.Image)) {
			t.Errorf("%s: %v, frames %d, note says %s", n[2], err, len(g.Image), n[1])
		}
	}
}

// chat is a terminal chat with a real bot on a temporary database.
func chat(t *testing.T) (*terminal.Chat, *bytes.Buffer) {
	t.Helper()
	dir := t.TempDir()
	db, err := sqlite.Open(context.Background(), filepath.Join(dir, "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	out := new(bytes.Buffer)
	return &terminal.Chat{Handler: bot.New(bot.Config{Store: db}), Out: out}, out
}

// TestLongLines: a line over MaxLine is refused with its length and the
// lines after it are still read and answered, whatever their line ends.
func TestLongLines(t *testing.T) {
	c, out := chat(t)
	atLimit := "/" + strings.Repeat("y", terminal.MaxLine-1)
	script := strings.Repeat("x", 70000) + "\n/help\r\n" +
		strings.Repeat("z", terminal.MaxLine+1) + "\r\n" + // the "\r" is not counted
		atLimit + "\n" +
		"alice> /new kalah\n" + strings.Repeat("w", 100000) // no final line end
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		fmt.Sprintf("line too long (70000 bytes); at most %d\n", terminal.MaxLine),
		"/help — this list", // the help, after the long line
		fmt.Sprintf("line too long (%d bytes); at most %d\n", terminal.MaxLine+1, terminal.MaxLine),
		"(to you only) I don’t know the command “", // the line of MaxLine bytes is read
		"@alice", // the challenge is open
		"line too long (100000 bytes)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in the output (%d bytes):\n%.3000s", want, len(got), got)
		}
	}
	if n := strings.Count(got, "line too long"); n != 3 {
		t.Errorf("%d refusals of long lines, want 3", n)
	}
	if strings.Contains(got, "xxxx") || strings.Contains(got, "zzzz") || strings.Contains(got, "wwww") {
		t.Error("a refused line was passed to the bot")
	}
}

// TestEchoIsShortAndClean: what the bot quotes back from a line (an unknown
// command) is at most MaxWord runes and "…", and carries no escape
// sequence or control character; the cleaned line is the command.
func TestEchoIsShortAndClean(t *testing.T) {
	c, out := chat(t)
	script := "/" + strings.Repeat("é", 1500) + "\n" +
		"/zz\x1b[31mzz\x07\x1b]0;title\x07q\u009b2Jq\x7f\x00\n" +
		"bob> /he\x1b[2Jlp\n"
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	// The terminal cuts words at MaxWord runes; the bot quotes at most 40
	// bytes of an unknown command.
	if want := "I don’t know the command “" + strings.Repeat("é", 20) + "…”"; !strings.Contains(got, want) {
		t.Errorf("the long command is not echoed short:\n%.600s", got)
	}
	if strings.Contains(got, strings.Repeat("é", terminal.MaxWord)) {
		t.Error("more than MaxWord runes echoed")
	}
	if !strings.Contains(got, "I don’t know the command “zzzzqq”") {
		t.Errorf("the escapes are not removed from the echo:\n%s", got)
	}
	if strings.ContainsFunc(got, func(r rune) bool { return r < 0x20 && r != '\n' || r >= 0x7f && r <= 0x9f }) {
		t.Errorf("control characters in the output: %q", got)
	}
	if !strings.Contains(got, "/help — this list") {
		t.Errorf("the cleaned /help was not answered:\n%s", got)
	}
}

func TestClean(t *testing.T) {
	for in, want := range map[string]string{
		"/move 3":                    "/move 3",
		"a\tb":                       "a b",
		"\x1b[1;31mred\x1b[0m":       "red",
		"\x1b]8;;http://x\x1b\\link": "link",
		"bell\x07 nul\x00 del\x7f":   "bell nul del",
		"c1\u0085\u009b31m":          "c1",
		"bad\xffutf8":                "badutf8",
		"пи́т 3 ✔":                   "пи́т 3 ✔",
	} {
		if got := terminal.Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
}

func renderPNG(p engine.Position, o render.Options) ([]byte, error) {
	var b bytes.Buffer
	err := render.PNG(&b, p, o)
	return b.Bytes(), err
}

// imageChat is a chat writing board images to dir, with a database of its
// own: two of them are two runs of the program.
func imageChat(t *testing.T, dir string, keep int) (*terminal.Chat, *bytes.Buffer) {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	out := new(bytes.Buffer)
	b := bot.New(bot.Config{Store: db, Render: renderPNG})
	return &terminal.Chat{Handler: b, Out: out, ImageDir: dir, KeepImages: keep}, out
}

var imagePath = regexp.MustCompile(`(?m)^(?:image|animation): (\S+)$`)

func savedPaths(out string) []string {
	var paths []string
	for _, m := range imagePath.FindAllStringSubmatch(out, -1) {
		paths = append(paths, m[1])
	}
	return paths
}

const twoMoves = "alice> /new kalah @bob\nbob> /accept\nalice> 3\nalice> 1\nbob> /replay\n"

// TestImagesOfTwoRuns: two runs writing the same games (the same game ids
// and versions) to one folder keep every file apart: each printed path
// holds the image that run showed.
func TestImagesOfTwoRuns(t *testing.T) {
	dir := t.TempDir()
	seen := map[string]bool{}
	for run := range 2 {
		c, out := imageChat(t, dir, 0)
		if err := c.Run(context.Background(), strings.NewReader(twoMoves)); err != nil {
			t.Fatal(err)
		}
		paths := savedPaths(out.String())
		if len(paths) != 4 { // accept, two moves, the replay
			t.Fatalf("run %d: %d files, want 4:\n%s", run, len(paths), out)
		}
		for _, p := range paths {
			if seen[p] {
				t.Errorf("run %d: %s written twice", run, p)
			}
			seen[p] = true
		}
	}
	for p := range seen {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil && !strings.HasSuffix(p, ".gif") {
			t.Errorf("%s: %v", p, err)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 8 {
		t.Errorf("%d files in the folder, want 8", len(entries))
	}
}

// TestImageRetention: after each file written the folder keeps only the
// newest KeepImages image files (older runs' and older versions' files go
// first) and never touches files of other names.
func TestImageRetention(t *testing.T) {
	dir := t.TempDir()
	others := []string{"notes.txt", "holiday.png", "game1-v1.png", "20000101T000000-1-000001-game1-v1.txt"}
	old := []string{"game1-v1-1.png", "move-2.gif", "20000101T000000-1-000001-game1-v1.png", "20000101T000000-1-000002-move.gif"}
	for _, name := range append(others, old...) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c, out := imageChat(t, dir, 3)
	if err := c.Run(context.Background(), strings.NewReader(twoMoves)); err != nil {
		t.Fatal(err)
	}
	paths := savedPaths(out.String())
	if len(paths) != 4 {
		t.Fatalf("%d files written, want 4:\n%s", len(paths), out)
	}
	want := others
	for _, p := range paths[1:] { // the newest 3
		want = append(want, filepath.Base(p))
	}
	slices.Sort(want)
	if got := dirNames(t, dir); !slices.Equal(got, want) {
		t.Errorf("the folder holds\n%q\nwant\n%q", got, want)
	}
}

// TestImageRetentionDefault: with KeepImages unset a folder of 250 images
// of an earlier run keeps 200: the new one and the earlier run's newest 199.
func TestImageRetentionDefault(t *testing.T) {
	dir := t.TempDir()
	var want []string
	for i := 1; i <= 250; i++ {
		name := fmt.Sprintf("20000101T000000-77-%06d-game1-v%d.png", i, i)
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if i > 250-(terminal.DefaultKeepImages-1) {
			want = append(want, name)
		}
	}
	c, out := imageChat(t, dir, 0)
	if err := c.Run(context.Background(), strings.NewReader("/new kalah bot\n")); err != nil {
		t.Fatal(err)
	}
	paths := savedPaths(out.String())
	if len(paths) != 1 {
		t.Fatalf("%d files written, want 1:\n%s", len(paths), out)
	}
	want = append(want, filepath.Base(paths[0]))
	slices.Sort(want)
	if got := dirNames(t, dir); !slices.Equal(got, want) {
		t.Errorf("the folder holds %d files (%q ... %q), want %d (%q ... %q)",
			len(got), got[0], got[len(got)-1], len(want), want[0], want[len(want)-1])
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names
}

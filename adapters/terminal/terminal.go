// Package terminal is the chat in a terminal: standard input is one channel
// in which every line is a message. "alice> /move 3" speaks as alice; a line
// without a prefix speaks as the default user ("you"). Replies are printed
// as text with the board drawn in characters, and every board image is
// written to a folder, its path printed. An animation (a move's replay) is
// noted as "[animation: N frames]" and, like a board image, written to the
// folder as a GIF. Typing a button's label (a pit number, ✔, ✖, ↻, ▶)
// presses that button of the last board shown. A reply's link (a game's
// page) is printed as a line of text after the buttons: "Label: URL".
//
// It runs from a pipe as well as interactively, so whole games can be
// scripted.
//
// Input: a line longer than MaxLine bytes is refused with a one-line reason
// and reading goes on with the next line. Control characters (C0 and C1,
// DEL) and terminal escape sequences are removed from every line, and a
// word longer than MaxWord runes is cut there and marked "…", so what the
// bot quotes back from a line (an unknown command) stays short and cannot
// drive the terminal.
//
// Image files are named "<start time>-<pid>-<n>-<what>.<ext>", for example
// 20261123T212300-4242-000007-game3-v5.png: the start time and process id
// keep the files of different runs apart, n numbers them within the run.
// After each file written, the folder keeps only the newest KeepImages
// (default 200) of the files named so (and of older versions' "game3-v5-7.png",
// "move-8.gif"); other files in it are never touched.
package terminal

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/gif"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// Platform and Channel key the terminal's games in the store.
const (
	Platform = "terminal"
	Channel  = "stdin"
)

// MaxLine is the longest line read, in bytes without the line end; a
// longer one is refused whole. A chat command is a few dozen bytes.
const MaxLine = 4096

// MaxWord is the most runes of one word of a line passed to the bot; a
// longer word is cut and ends in "…".
const MaxWord = 200

// DefaultKeepImages is how many image files a folder keeps when
// Chat.KeepImages is 0.
const DefaultKeepImages = 200

// Handler is what the terminal talks to; *bot.Bot implements it.
type Handler interface {
	Handle(ctx context.Context, req bot.Request) []bot.Reply
}

// Chat is a terminal chat session.
type Chat struct {
	Handler Handler
	// Out receives the replies.
	Out io.Writer
	// ImageDir is where board images are written ("" skips them).
	ImageDir string
	// KeepImages is how many image files ImageDir keeps, the newest (0
	// means DefaultKeepImages, negative keeps them all).
	KeepImages int
	// DefaultUser speaks lines without a "name>" prefix; "you" if empty.
	DefaultUser string
	// Locale is every user's platform locale ("" is English).
	Locale string
	// Delivered, when set, is called after a reply that shows a
	// committed move (bot.Reply.Committed) has been written to Out, with
	// the time since the commit: for metrics. It must be quick.
	Delivered func(d time.Duration)

	mu      sync.Mutex
	buttons map[string]string // label -> data, from the last board shown
	notices int               // the last turn notice's number
}

var speaker = regexp.MustCompile(`^\s*([\p{L}\p{N}_.-]{1,32})>\s?(.*)$`)

// input is one line read, or the length of one too long to keep.
type input struct {
	line    string
	tooLong int
}

// Run reads lines from in until it ends or ctx is cancelled. It returns
// nil at the end of input, ctx's error when cancelled, or a read error.
// A line longer than MaxLine is answered with a reason and skipped.
func (c *Chat) Run(ctx context.Context, in io.Reader) error {
	lines := make(chan input)
	errc := make(chan error, 1)
	go func() {
		errc <- readLines(in, MaxLine, func(l input) bool {
			select {
			case lines <- l:
				return true
			case <-ctx.Done():
				return false
			}
		})
		close(lines)
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case l, ok := <-lines:
			if !ok {
				return <-errc
			}
			if l.tooLong > 0 {
				c.write(fmt.Sprintf("line too long (%d bytes); at most %d\n\n", l.tooLong, MaxLine))
				continue
			}
			c.Line(ctx, l.line)
		}
	}
}

// readLines calls emit with each line of r (without "\n" or "\r\n"),
// holding at most about limit bytes of a line in memory: a longer line is
// emitted as its length only. It stops when emit returns false, and
// returns nil at the end of r or the read error.
func readLines(r io.Reader, limit int, emit func(input) bool) error {
	br := bufio.NewReader(r)
	var buf []byte
	for {
		buf = buf[:0]
		n := 0
		var tail [2]byte // the line's last two bytes
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
			n += len(chunk)
			if len(buf) <= limit+1 { // room for "\r\n" after limit bytes
				buf = append(buf, chunk...)
			}
			for _, c := range chunk[max(0, len(chunk)-2):] {
				tail[0], tail[1] = tail[1], c
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		if n == 0 && err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		end := 0 // the line end's length: none at the end of input
		if err == nil {
			end = 1
			if n >= 2 && tail[0] == '\r' {
				end = 2
			}
		}
		l := input{tooLong: n - end}
		if l.tooLong <= limit {
			l = input{line: string(buf[:n-end])}
		}
		if !emit(l) {
			return nil
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

// Line handles one line of input.
func (c *Chat) Line(ctx context.Context, line string) {
	received := time.Now()
	line = Clean(line)
	user, text := c.DefaultUser, strings.TrimSpace(line)
	if user == "" {
		user = "you"
	}
	if m := speaker.FindStringSubmatch(line); m != nil {
		user, text = m[1], strings.TrimSpace(m[2])
	}
	if text == "" || strings.HasPrefix(text, "#") {
		return
	}
	text = capWords(text, MaxWord)
	req := bot.Request{
		Platform: Platform, Channel: Channel, Received: received,
		User: bot.User{ID: user, Name: user, Mention: "@" + user, Locale: c.Locale},
	}
	c.mu.Lock()
	data, isButton := c.buttons[text]
	c.mu.Unlock()
	if isButton {
		req.Button = data
	} else {
		req.Text = text
	}
	for _, r := range c.Handler.Handle(ctx, req) {
		c.print(user, r)
	}
}

// escape matches a terminal escape sequence: CSI (ESC [ or U+009B,
// parameters, a final byte), OSC and the other string commands (up to BEL
// or ESC \), or ESC and one character.
var escape = regexp.MustCompile("(?:\x1b\\[|\u009b)[0-?]*[ -/]*[@-~]?" +
	"|(?:\x1b[\\]PX^_]|[\u009d\u0090\u0098\u009e\u009f])[^\x07\x1b\u009c]*(?:\x07|\x1b\\\\|\u009c)?" +
	"|\x1b.?")

// Clean removes from s what would drive a terminal rather than show: escape
// sequences, C0 and C1 control characters and DEL (a tab becomes a space),
// and bytes that are not UTF-8. Newlines go too: s is one line.
func Clean(s string) string {
	if !strings.ContainsFunc(s, isControl) && utf8.ValidString(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "")
	s = escape.ReplaceAllString(s, "")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case isControl(r):
			return -1
		}
		return r
	}, s)
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) }

// capWords cuts every word of s longer than limit runes to limit and marks it
// "…".
func capWords(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	f := strings.Fields(s)
	long := false
	for i, w := range f {
		if utf8.RuneCountInString(w) > limit {
			f[i] = string([]rune(w)[:limit]) + "…"
			long = true
		}
	}
	if !long {
		return s
	}
	return strings.Join(f, " ")
}

// Deliver prints a message the bot sends on its own (a reminder).
func (c *Chat) Deliver(o bot.Outgoing) { c.print("", o.Reply) }

func (c *Chat) print(user string, r bot.Reply) {
	if r.Notice != nil {
		c.notice(r)
		return
	}
	var b strings.Builder
	if r.Private {
		fmt.Fprintf(&b, "(to %s only) ", user)
	}
	for i, l := range strings.Split(locales.Plain(r.Text), "\n") {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(Clean(l))
	}
	b.WriteString("\n")
	if r.Board == nil && len(r.Animation) > 0 {
		b.WriteString(animationNote(r.Animation))
		if path := c.saveFile("move", "gif", r.Animation); path != "" {
			fmt.Fprintf(&b, "animation: %s\n", path)
		}
	}
	if bd := r.Board; bd != nil {
		if bd.Text != "" {
			b.WriteString(bd.Text)
		}
		if path := c.saveImage(bd); path != "" {
			fmt.Fprintf(&b, "image: %s\n", path)
		}
		c.mu.Lock()
		c.buttons = map[string]string{}
		var labels []string
		for _, row := range bd.Buttons {
			for _, btn := range row {
				c.buttons[btn.Label] = btn.Data
				// A label "⇄ Swap sides" may also be typed as its symbol.
				if sym, _, ok := strings.Cut(btn.Label, " "); ok && sym != "" {
					c.buttons[sym] = btn.Data
				}
				labels = append(labels, "["+btn.Label+"]")
			}
		}
		c.mu.Unlock()
		if len(labels) > 0 {
			fmt.Fprintf(&b, "buttons: %s\n", strings.Join(labels, " "))
		}
	}
	if r.Link != nil {
		b.WriteString(Clean(locales.Plain(r.Link.Line())) + "\n")
	}
	b.WriteString("\n")
	c.write(b.String())
	if c.Delivered != nil && !r.Committed.IsZero() {
		c.Delivered(time.Since(r.Committed))
	}
	if r.Ack != nil && r.Board != nil {
		r.Ack() // written: the board is shown
	}
}

// notice prints a turn notification (bot.Notice): everyone reads the
// terminal, so it is a line like any other, numbered ("(notice 2)") so
// that its removal can say which one went.
func (c *Chat) notice(r bot.Reply) {
	n := r.Notice
	var b strings.Builder
	removed := func(id string) {
		if id != "" {
			fmt.Fprintf(&b, "(notice %s removed)\n", Clean(id))
		}
	}
	removed(n.Replaces)
	if r.Text != "" {
		c.mu.Lock()
		c.notices++
		id := strconv.Itoa(c.notices)
		c.mu.Unlock()
		fmt.Fprintf(&b, "%s (notice %s)\n", Clean(locales.Plain(r.Text)), id)
		if n.Done != nil {
			for _, gone := range n.Done(id) {
				removed(gone)
			}
		}
	}
	if b.Len() > 0 {
		c.write(b.String() + "\n")
	}
}

func (c *Chat) write(s string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	io.WriteString(c.Out, s)
}

// animationNote says how many frames a GIF has: "[animation: 6 frames]".
func animationNote(data []byte) string {
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		return "[animation]\n"
	}
	return fmt.Sprintf("[animation: %d frames]\n", len(g.Image))
}

// saveImage writes the board's PNG and returns its path, or "".
func (c *Chat) saveImage(bd *bot.Board) string {
	if len(bd.PNG) == 0 {
		return ""
	}
	return c.saveFile(fmt.Sprintf("game%d-v%d", bd.GameID, bd.Version), "png", bd.PNG)
}

// The run's file name prefix, "<start time>-<pid>", and its file counter,
// shared by every Chat of the process.
var (
	runPrefix = sync.OnceValue(func() string {
		return fmt.Sprintf("%s-%d", time.Now().UTC().Format("20060102T150405"), os.Getpid())
	})
	fileCount atomic.Int64
)

// ourFile matches the names of the files saveFile writes (the groups: the
// run's start time, its pid, the file's number), and those of older
// versions ("game3-v5-7.png", "move-8.gif"), whose groups are empty.
var ourFile = regexp.MustCompile(`^(?:(\d{8}T\d{6})-(\d+)-(\d+)-(?:game\d+-v\d+|move)|(?:game\d+-v\d+|move)-\d+)\.(?:png|gif)$`)

// saveFile writes data to ImageDir as "<prefix>-<n>-<name>.<ext>", removes
// the files beyond the newest KeepImages, and returns the path, or "" when
// there is no ImageDir or writing fails.
func (c *Chat) saveFile(name, ext string, data []byte) string {
	if c.ImageDir == "" {
		return ""
	}
	if err := os.MkdirAll(c.ImageDir, 0o755); err != nil {
		return ""
	}
	n := fileCount.Add(1)
	path := filepath.Join(c.ImageDir, fmt.Sprintf("%s-%06d-%s.%s", runPrefix(), n, name, ext))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return ""
	}
	keep := c.KeepImages
	if keep == 0 {
		keep = DefaultKeepImages
	}
	if keep > 0 {
		prune(c.ImageDir, keep)
	}
	return path
}

// prune removes the image files of dir (those ourFile matches) but the
// newest keep: newest by the run's start time in the name, then by the
// file's number in the run; older versions' files count as the oldest.
// Files it cannot remove are left.
func prune(dir string, keep int) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type file struct {
		start  string
		pid, n int
		name   string
	}
	var files []file
	for _, e := range entries {
		m := ourFile.FindStringSubmatch(e.Name())
		if m == nil || !e.Type().IsRegular() {
			continue
		}
		f := file{start: m[1], name: e.Name()}
		f.pid, _ = strconv.Atoi(m[2])
		f.n, _ = strconv.Atoi(m[3])
		files = append(files, f)
	}
	if len(files) <= keep {
		return
	}
	sort.Slice(files, func(i, j int) bool {
		a, b := files[i], files[j]
		switch {
		case a.start != b.start:
			return a.start < b.start
		case a.pid != b.pid:
			return a.pid < b.pid
		case a.n != b.n:
			return a.n < b.n
		}
		return a.name < b.name
	})
	for _, f := range files[:len(files)-keep] {
		os.Remove(filepath.Join(dir, f.name))
	}
}

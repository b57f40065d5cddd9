// Package terminal is the chat in a terminal: standard input is one channel
// in which every line is a message. "alice> /move 3" speaks as alice; a line
// without a prefix speaks as the default user ("you"). Replies are printed
// as text with the board drawn in characters, and every board image is
// written to a folder, its path printed. An animation (a move's replay) is
// noted as "[animation: N frames]" and, like a board image, written to the
// folder as a GIF. Typing a button's label (a pit number, ✔, ✖, ↻, ▶)
// presses that button of the last board shown.
//
// It runs from a pipe as well as interactively, so whole games can be
// scripted.
package terminal

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image/gif"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// Platform and Channel key the terminal's games in the store.
const (
	Platform = "terminal"
	Channel  = "stdin"
)

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
	// DefaultUser speaks lines without a "name>" prefix; "you" if empty.
	DefaultUser string
	// Locale is every user's platform locale ("" is English).
	Locale string

	mu      sync.Mutex
	buttons map[string]string // label -> data, from the last board shown
	images  int
}

var speaker = regexp.MustCompile(`^\s*([\p{L}\p{N}_.-]{1,32})>\s?(.*)$`)

// Run reads lines from in until it ends or ctx is cancelled. It returns
// nil at the end of input, ctx's error when cancelled, or a read error.
func (c *Chat) Run(ctx context.Context, in io.Reader) error {
	lines := make(chan string)
	errc := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 64*1024)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		errc <- sc.Err()
		close(lines)
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				return <-errc
			}
			c.Line(ctx, line)
		}
	}
}

// Line handles one line of input.
func (c *Chat) Line(ctx context.Context, line string) {
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
	req := bot.Request{
		Platform: Platform, Channel: Channel,
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

// Deliver prints a message the bot sends on its own (a reminder).
func (c *Chat) Deliver(o bot.Outgoing) { c.print("", o.Reply) }

func (c *Chat) print(user string, r bot.Reply) {
	var b strings.Builder
	if r.Private {
		fmt.Fprintf(&b, "(to %s only) ", user)
	}
	b.WriteString(locales.Plain(r.Text))
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
				labels = append(labels, "["+btn.Label+"]")
			}
		}
		c.mu.Unlock()
		if len(labels) > 0 {
			fmt.Fprintf(&b, "buttons: %s\n", strings.Join(labels, " "))
		}
	}
	b.WriteString("\n")
	c.mu.Lock()
	defer c.mu.Unlock()
	io.WriteString(c.Out, b.String())
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

// saveFile writes data to ImageDir as "<name>-<n>.<ext>" and returns its
// path, or "" when there is no ImageDir or writing fails.
func (c *Chat) saveFile(name, ext string, data []byte) string {
	if c.ImageDir == "" {
		return ""
	}
	if err := os.MkdirAll(c.ImageDir, 0o755); err != nil {
		return ""
	}
	c.mu.Lock()
	c.images++
	n := c.images
	c.mu.Unlock()
	path := filepath.Join(c.ImageDir, fmt.Sprintf("%s-%d.%s", name, n, ext))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return ""
	}
	return path
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
)

// savedPhoto is the last image of a Telegram message saved to disk.
type savedPhoto struct {
	data []byte
	path string
}

// watch prints what the bot sends between actions too (its moves after
// thinking, reminders) until the returned stop is called.
func (c *chat) watch(ctx context.Context) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(200 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				c.poll()
			}
		}
	}()
	return func() {
		cancel()
		<-done
		c.poll()
	}
}

// poll prints what changed in the fakes since the last poll.
func (c *chat) poll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pollDiscord()
	c.pollTelegram()
}

// event counts and heads a printed change; c.mu is held.
func (c *chat) event(format string, args ...any) {
	c.changes++
	c.lastChange = time.Now()
	fmt.Fprintf(c.out, format+"\n", args...)
}

func (c *chat) pollDiscord() {
	live := map[string]bool{}
	for _, m := range c.dc.Messages() {
		live[m.ID] = true
		seen := c.dcSeen[m.ID]
		if seen == m.Edits+1 {
			continue
		}
		what := "edited"
		if seen == 0 {
			what = "new"
			c.dcShort[m.ID] = fmt.Sprintf("d%d", len(c.dcShort)+1)
			c.dcOrder = append(c.dcOrder, m.ID)
		}
		c.dcSeen[m.ID] = m.Edits + 1
		if m.Ephemeral {
			what += ", only " + c.ephemeralToLocked(m) + " sees it"
		}
		if m.Deferred {
			what += ", “thinking…”"
		}
		c.event("[discord] %s %s", c.dcShort[m.ID], what)
		var images []string
		for _, f := range m.Files {
			images = append(images, c.save("discord-"+f.ID+filepath.Ext(f.Name), f.Data))
		}
		var rows [][]string
		for _, r := range m.Rows {
			var row []string
			for _, b := range r {
				row = append(row, b.Label+map[bool]string{true: " (disabled)"}[b.Disabled])
			}
			rows = append(rows, row)
		}
		c.body(c.mentions().Replace(m.Content), rows, images, seen != 0)
	}
	for _, id := range c.dcOrder {
		if !live[id] && c.dcSeen[id] > 0 {
			c.dcSeen[id] = -1
			c.event("[discord] %s deleted", c.dcShort[id])
		}
	}
}

func (c *chat) pollTelegram() {
	live := map[int]bool{}
	for _, m := range c.tg.Sent(telegramChat) {
		live[m.ID] = true
		seen := c.tgSeen[m.ID]
		if seen == m.Edits+1 {
			continue
		}
		what := "edited"
		if seen == 0 {
			what = "new"
		}
		if m.ReplyTo != 0 {
			to := "message"
			if r, ok := c.tg.Message(telegramChat, m.ReplyTo); ok && !r.FromBot {
				to = r.From.UserName + "'s message"
			}
			what += fmt.Sprintf(", a reply to %s #%d", to, m.ReplyTo)
		}
		c.tgSeen[m.ID] = m.Edits + 1
		c.tgMessages++
		c.event("[telegram] #%d %s", m.ID, what)
		var images []string
		if m.IsPhoto() {
			p := c.tgPhotos[m.ID]
			if !bytes.Equal(p.data, m.Photo) {
				p = savedPhoto{m.Photo, c.save(fmt.Sprintf("telegram-%d-%d.png", m.ID, m.Edits), m.Photo)}
				c.tgPhotos[m.ID] = p
			}
			images = append(images, p.path)
		}
		if m.IsAnimation() && seen == 0 {
			images = append(images, c.save(fmt.Sprintf("telegram-%d.gif", m.ID), m.Animation))
		}
		var rows [][]string
		for _, r := range m.Keyboard {
			var row []string
			for _, b := range r {
				row = append(row, b.Text)
			}
			rows = append(rows, row)
		}
		c.body(m.Visible(), rows, images, seen != 0)
	}
	for _, id := range slices.Sorted(maps.Keys(c.tgSeen)) {
		if !live[id] && c.tgSeen[id] > 0 {
			c.tgSeen[id] = -1
			c.event("[telegram] #%d deleted", id)
		}
	}
	answers := c.tg.Answers()
	for _, a := range answers[c.tgAnswers:] {
		kind := "a notification"
		if a.ShowAlert {
			kind = "an alert"
		}
		if a.Text == "" {
			c.changes++ // a silent answer: only the spinner stops
			c.lastChange = time.Now()
			continue
		}
		c.event("[telegram] %s only %s sees:", kind, c.pressedBy[a.ID])
		c.body(a.Text, nil, nil, false)
	}
	c.tgAnswers = len(answers)
}

// body prints a message's text, buttons and images (and that an edit
// left no buttons); c.mu is held.
func (c *chat) body(text string, rows [][]string, images []string, edit bool) {
	if text = strings.TrimRight(text, "\n "); text != "" {
		for l := range strings.SplitSeq(text, "\n") {
			fmt.Fprintf(c.out, "    │ %s\n", l)
		}
	}
	if len(rows) > 0 {
		var rs []string
		for _, r := range rows {
			rs = append(rs, "["+strings.Join(r, "] [")+"]")
		}
		fmt.Fprintf(c.out, "    buttons: %s\n", strings.Join(rs, " / "))
	} else if edit {
		fmt.Fprintf(c.out, "    buttons: none\n")
	}
	for _, p := range images {
		fmt.Fprintf(c.out, "    image: %s\n", p)
	}
}

// save writes an image once and returns its path.
func (c *chat) save(name string, data []byte) string {
	p := filepath.Join(c.dir, name)
	if _, err := os.Stat(p); err != nil {
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return "(not saved: " + err.Error() + ")"
		}
	}
	return p
}

// mentions turns Discord's <@ID> into @name; c.mu is held.
func (c *chat) mentions() *strings.Replacer {
	pairs := []string{"<@" + c.dc.AppID + ">", "@Mancala"}
	for name, u := range c.users {
		pairs = append(pairs, "<@"+u.dc.ID+">", "@"+name)
	}
	return strings.NewReplacer(pairs...)
}

// ephemeralTo is the name of the user who alone sees an ephemeral message.
func (c *chat) ephemeralTo(m discordtest.Message) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ephemeralToLocked(m)
}

func (c *chat) ephemeralToLocked(m discordtest.Message) string {
	if ix, ok := c.dc.Interaction(m.Interaction); ok {
		return ix.User.Username
	}
	return "?"
}

// short is a Discord message's short name (d1, d2...).
func (c *chat) short(id string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.dcShort[id]
}

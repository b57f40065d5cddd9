package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
)

// Where the users act: one Discord channel and one Telegram group.
const (
	discordChannel = "1180000000000000200"
	telegramChat   = -4001 // a negative id: a group
)

const help = `actions, one a line:
  discord USER [LOCALE] /command args...   a slash command, e.g.
      /new VARIANT [@user | bot [LEVEL]] [second] [name=value...]
      /move PIT   /rules [VARIANT]   /lang ru|da|pl|en   /accept /board /help ...
  telegram USER [LOCALE] text              a message in the group chat ("/new kalah @bob")
  press discord|telegram USER LABEL        press the button LABEL on the newest message that has it
  wait SECONDS                             let time pass
  help                                     this text
USER is any name (alice, bob); LOCALE (ru, da, pl, en-US) sticks to the user.
`

// user is a named user, the same person on both platforms.
type user struct {
	name   string
	locale string // "" until given
	dc     discordtest.User
	tg     telegramtest.User
}

func (u *user) discordLocale() string  { return cmp.Or(u.locale, "en-US") }
func (u *user) telegramLocale() string { return cmp.Or(u.locale, "en") }

// chat injects users' actions into the fakes and prints what the bot sends
// (see watch.go).
type chat struct {
	dc      *discordtest.Server
	tg      *telegramtest.Server
	dir     string
	timeout time.Duration

	mu         sync.Mutex // guards out and the rest
	out        io.Writer
	users      map[string]*user
	changes    int       // events printed
	tgMessages int       // Telegram message events printed
	lastChange time.Time // of the last event printed
	dcSeen     map[string]int
	dcShort    map[string]string
	dcOrder    []string
	tgSeen     map[int]int
	tgPhotos   map[int]savedPhoto
	tgAnswers  int
	pressedBy  map[string]string // Telegram callback query id -> user name
}

func newChat(dc *discordtest.Server, tg *telegramtest.Server, dir string, out io.Writer, timeout time.Duration) *chat {
	return &chat{
		dc: dc, tg: tg, dir: dir, timeout: timeout, out: out,
		users: map[string]*user{}, dcSeen: map[string]int{}, dcShort: map[string]string{},
		tgSeen: map[int]int{}, tgPhotos: map[int]savedPhoto{}, pressedBy: map[string]string{},
	}
}

func (c *chat) printf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.out, format, args...)
}

// user returns the user called name; its ids come from the name, so they
// are the same in every session.
func (c *chat) user(name string) *user {
	name = strings.TrimPrefix(name, "@")
	c.mu.Lock()
	defer c.mu.Unlock()
	if u := c.users[name]; u != nil {
		return u
	}
	h := fnv.New64a()
	h.Write([]byte(name))
	n := h.Sum64()
	u := &user{
		name: name,
		dc:   discordtest.User{ID: strconv.FormatUint(1190000000000000000+n%1e15, 10), Username: name},
		tg:   telegramtest.User{ID: 100000 + int64(n%1e9), FirstName: name, UserName: name},
	}
	c.users[name] = u
	return u
}

// do performs one input line.
func (c *chat) do(ctx context.Context, line string) (err error) {
	defer func() { // the fakes panic where they would fail a test
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	f := strings.Fields(line)
	switch f[0] {
	case "discord":
		return c.discord(ctx, f[1:])
	case "telegram":
		return c.telegram(ctx, f[1:])
	case "press":
		if len(f) < 4 {
			return errors.New("usage: press discord|telegram USER LABEL")
		}
		return c.press(ctx, f[1], c.user(f[2]), strings.Join(f[3:], " "))
	case "wait":
		secs, err := strconv.ParseFloat(strings.Join(f[1:], ""), 64)
		if err != nil || secs < 0 {
			return errors.New("usage: wait SECONDS")
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(secs * float64(time.Second))):
		}
		return nil
	case "help":
		c.printf("%s", help)
		return nil
	}
	return fmt.Errorf("unknown action %q (type help)", f[0])
}

// discord sends a slash command: USER [LOCALE] /name args...
func (c *chat) discord(ctx context.Context, f []string) error {
	if len(f) < 2 {
		return errors.New("usage: discord USER [LOCALE] /command [ARGS]")
	}
	u, rest := c.user(f[0]), f[1:]
	if !strings.HasPrefix(rest[0], "/") {
		u.locale, rest = rest[0], rest[1:]
	}
	if len(rest) == 0 || !strings.HasPrefix(rest[0], "/") || len(rest[0]) < 2 {
		return errors.New("on Discord a user only sends slash commands (/move 3) and presses buttons")
	}
	name := rest[0][1:]
	opts, err := c.slashOptions(name, rest[1:])
	if err != nil {
		return err
	}
	if err := c.discordReady(ctx); err != nil {
		return err
	}
	if sets := c.dc.Commands(); len(sets) > 0 {
		var names []string
		for _, cmd := range sets[len(sets)-1].Commands {
			names = append(names, "/"+cmd.Name)
		}
		if !slices.Contains(names, "/"+name) {
			return fmt.Errorf("the bot has no /%s; it registered %s", name, strings.Join(names, " "))
		}
	}
	ix := c.dc.SlashCommand(discordChannel, u.dc, u.discordLocale(), name, opts...)
	c.settle(ctx, func() bool { return len(ix.Visible()) > 0 })
	return nil
}

// slashOptions maps typed arguments to the options of the bot's slash
// command (see adapters/discord/commands.go).
func (c *chat) slashOptions(name string, args []string) ([]discordtest.Option, error) {
	var opts []discordtest.Option
	switch name {
	case "new":
		if len(args) == 0 {
			return nil, errors.New("usage: /new VARIANT [@user | bot [LEVEL]] [second] [name=value...]")
		}
		opts = append(opts, discordtest.Opt("variant", args[0]))
		args = args[1:]
		if len(args) > 0 && len(args[0]) > 1 && args[0][0] == '@' {
			opts = append(opts, discordtest.Opt("opponent", c.user(args[0]).dc))
			args = args[1:]
		} else if len(args) > 0 && args[0] == "bot" {
			opts = append(opts, discordtest.Opt("opponent", discordtest.User{ID: c.dc.AppID, Username: "Mancala", Bot: true}))
			args = args[1:]
			if len(args) > 0 && args[0] != "second" && !strings.Contains(args[0], "=") {
				opts = append(opts, discordtest.Opt("level", args[0]))
				args = args[1:]
			}
		}
		if len(args) > 0 {
			opts = append(opts, discordtest.Opt("options", strings.Join(args, " ")))
		}
	case "move":
		pit, err := strconv.Atoi(strings.Join(args, " "))
		if err != nil {
			return nil, errors.New("usage: /move PIT")
		}
		opts = append(opts, discordtest.Opt("pit", pit))
	case "rules", "lang":
		opt := map[string]string{"rules": "variant", "lang": "language"}[name]
		if len(args) > 1 || name == "lang" && len(args) == 0 {
			return nil, fmt.Errorf("usage: /%s %s", name, strings.ToUpper(opt))
		}
		if len(args) == 1 {
			opts = append(opts, discordtest.Opt(opt, args[0]))
		}
	default:
		if len(args) > 0 {
			return nil, fmt.Errorf("/%s takes no options on Discord", name)
		}
	}
	return opts, nil
}

// discordReady waits for a bot on the fake gateway.
func (c *chat) discordReady(ctx context.Context) error {
	if c.dc.Connected() {
		return nil
	}
	c.printf("waiting for the bot on the Discord gateway…\n")
	if !waitUntil(ctx, 30*time.Second, c.dc.Connected) {
		return errors.New("no bot is connected to the fake Discord; start it with the environment printed above")
	}
	return nil
}

var localeRE = regexp.MustCompile(`^(en|ru|da|pl|[a-z]{2,3}-[A-Za-z]{2,4})$`)

// telegram sends a message to the group: USER [LOCALE] text.
func (c *chat) telegram(ctx context.Context, f []string) error {
	if len(f) < 2 {
		return errors.New("usage: telegram USER [LOCALE] text")
	}
	u, rest := c.user(f[0]), f[1:]
	if len(rest) > 1 && localeRE.MatchString(rest[0]) {
		u.locale, rest = rest[0], rest[1:]
	}
	start := c.count()
	c.tg.SendText(telegramChat, u.tg, u.telegramLocale(), strings.Join(rest, " "))
	if !c.settle(ctx, func() bool { return c.count() > start }) && !strings.HasPrefix(rest[0], "/") {
		c.printf("(in a group the bot reads only commands)\n")
	}
	return nil
}

// press presses the button labelled label on the newest message of the
// channel that has one (and that the user can see).
func (c *chat) press(ctx context.Context, platform string, u *user, label string) error {
	switch platform {
	case "discord":
		msgs := c.dc.ChannelMessages(discordChannel)
		for _, m := range slices.Backward(msgs) {
			b, ok := m.Button(label)
			if !ok || m.Ephemeral && c.ephemeralTo(m) != u.name {
				continue
			}
			if b.Disabled {
				return fmt.Errorf("the button %q on %s is disabled", label, c.short(m.ID))
			}
			if err := c.discordReady(ctx); err != nil {
				return err
			}
			ix := c.dc.PressButton(discordChannel, u.dc, u.discordLocale(), m.ID, b.CustomID)
			c.settle(ctx, func() bool { return len(ix.Visible()) > 0 })
			return nil
		}
	case "telegram":
		for _, m := range slices.Backward(c.tg.Sent(telegramChat)) {
			data, ok := m.Button(label)
			if !ok {
				continue
			}
			start := c.telegramCount()
			id := c.tg.PressButton(telegramChat, u.tg, u.telegramLocale(), m.ID, data)
			c.mu.Lock()
			c.pressedBy[id] = u.name
			c.mu.Unlock()
			// A silent answer means the replies follow as messages.
			c.settle(ctx, func() bool {
				a, ok := c.tg.Answer(id)
				return ok && (a.Text != "" || c.telegramCount() > start)
			})
			return nil
		}
	default:
		return errors.New("usage: press discord|telegram USER LABEL")
	}
	return fmt.Errorf("no message on %s has a button %q", platform, label)
}

// quiet is how long the bot must stay silent after answering before the
// next action is read.
const quiet = 600 * time.Millisecond

// settle polls until answered holds and the bot has been quiet for a
// moment, or the timeout passes (it then says so and returns false).
func (c *chat) settle(ctx context.Context, answered func() bool) bool {
	deadline := time.Now().Add(c.timeout)
	for {
		c.poll()
		c.mu.Lock()
		last := c.lastChange
		c.mu.Unlock()
		if answered() && time.Since(last) >= quiet {
			return true
		}
		if time.Now().After(deadline) {
			if !answered() {
				c.printf("(no answer from the bot within %v)\n", c.timeout)
			}
			return answered()
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func (c *chat) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.changes
}

func (c *chat) telegramCount() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tgMessages
}

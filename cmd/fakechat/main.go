// Command fakechat lets a person try the real bot locally without Discord
// or Telegram. It starts the fake servers the adapters' tests use
// (adapters/discord/discordtest and adapters/telegram/telegramtest) on
// loopback, prints the environment that points the bot at them, and reads
// users' actions from standard input, one a line:
//
//	discord USER [LOCALE] /command args...   a slash command
//	telegram USER [LOCALE] text               a message in the group chat
//	press discord|telegram USER LABEL         press a button on the newest message that has it
//	wait SECONDS                              let time pass (the bot's late messages are printed)
//
// Everything the bot sends is printed as it appears in the fakes: new
// messages and edits, whether only one user sees them (a Discord
// ephemeral message, a Telegram callback alert), their text and buttons;
// board images are saved and their paths printed. Users are named (alice,
// bob); each name has a stable id on both platforms. A LOCALE (ru, en-US)
// sticks to the user until changed.
//
// With --run it also builds the bot and starts it ("mancala serve") as a
// child process with that environment; its log goes to bot.log.
//
//	go run ./cmd/fakechat --run
//	printf 'discord alice /new kalah @bob\npress discord bob ✔\n' | go run ./cmd/fakechat --run
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/mancala-bot/mancala/adapters/discord/discordtest"
	"github.com/mancala-bot/mancala/adapters/telegram/telegramtest"
	"github.com/mancala-bot/mancala/adapters/terminal"
)

// telegramToken is the token the fake Telegram accepts.
const telegramToken = "7000001:fakechat-telegram-token"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	fi, err := os.Stdin.Stat()
	echo := err != nil || fi.Mode()&os.ModeCharDevice == 0 // a script: show its lines
	err = run(ctx, os.Args[1:], os.Stdin, os.Stdout, echo)
	stop()
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "fakechat:", err)
		os.Exit(1)
	}
}

// run is the whole program. echo prints every input line before what it
// caused.
func run(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer, echo bool) error {
	fs := flag.NewFlagSet("fakechat", flag.ContinueOnError)
	runBot := fs.Bool("run", false, "build the bot and start it (mancala serve) against the fakes")
	bin := fs.String("bin", "", "with --run: the mancala binary to start instead of building ./cmd/mancala")
	dir := fs.String("dir", "", "folder for board images, the bot's database and log (default: a new temporary folder)")
	timeout := fs.Duration("timeout", 10*time.Second, "how long to wait for the bot's answer to an action")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (actions come on standard input)", fs.Arg(0))
	}
	if *dir == "" {
		d, err := os.MkdirTemp("", "fakechat-")
		if err != nil {
			return err
		}
		*dir = d
	} else if err := os.MkdirAll(*dir, 0o755); err != nil {
		return err
	}

	dc := discordtest.Start()
	defer dc.Close()
	tg := telegramtest.New(telegramToken)
	defer tg.Close()
	env := []string{
		"DISCORD_TOKEN=" + dc.Token, "DISCORD_APP_ID=" + dc.AppID, "DISCORD_GUILD_ID=" + dc.GuildID,
		"DISCORD_API_BASE=" + dc.URL, "TELEGRAM_TOKEN=" + telegramToken, "TELEGRAM_API_ENDPOINT=" + tg.URL,
		"DATABASE_PATH=" + filepath.Join(*dir, "mancala.db"),
	}
	fmt.Fprintf(stdout, "fake Discord on %s, fake Telegram on %s; files go to %s\n", dc.URL, tg.URL, *dir)

	c := newChat(dc, tg, *dir, stdout, *timeout)
	if *runBot {
		stopBot, err := startBot(ctx, *bin, *dir, env, c)
		if err != nil {
			return err
		}
		defer stopBot()
		ready := func() bool { return len(dc.Commands()) > 0 && len(tg.Calls("getUpdates")) > 0 }
		if !waitUntil(ctx, time.Minute, ready) {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("the bot did not connect to both fakes within a minute (see %s)", filepath.Join(*dir, "bot.log"))
		}
		fmt.Fprintln(stdout, "the bot is connected to both; type help for the actions")
	} else {
		fmt.Fprintf(stdout, "start the bot with:\n  %s go run ./cmd/mancala\ntype help for the actions\n", strings.Join(env, " "))
	}

	stopWatch := c.watch(ctx)
	defer stopWatch()
	lines := make(chan inputLine)
	go func() {
		defer close(lines)
		readLines(stdin, func(l inputLine) bool {
			select {
			case lines <- l:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	for {
		select {
		case <-ctx.Done():
			return nil
		case l, ok := <-lines:
			if !ok {
				return nil
			}
			if l.tooLong > 0 {
				c.printf("error: line too long (%d bytes); at most %d\n", l.tooLong, maxLine)
				continue
			}
			line := strings.TrimSpace(l.text)
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			if echo {
				c.printf("> %s\n", terminal.Clean(line))
			}
			if err := c.do(ctx, line); err != nil {
				c.printf("error: %v\n", err)
			}
		}
	}
}

// maxLine is the longest action line read, in bytes; a longer one is
// refused and reading goes on.
const maxLine = 4096

// inputLine is a line of input, or the length of one too long to keep.
type inputLine struct {
	text    string
	tooLong int
}

// readLines calls emit with each line of r, holding at most about maxLine
// bytes of one in memory, until r ends or fails or emit returns false.
func readLines(r io.Reader, emit func(inputLine) bool) {
	br := bufio.NewReader(r)
	for {
		var line []byte
		n := 0
		for {
			part, isPrefix, err := br.ReadLine()
			if err != nil {
				return // a line in progress ends without an error (ReadLine)
			}
			n += len(part)
			if n <= maxLine {
				line = append(line, part...)
			}
			if !isPrefix {
				break
			}
		}
		l := inputLine{text: string(line)}
		if n > maxLine {
			l = inputLine{tooLong: n}
		}
		if !emit(l) {
			return
		}
	}
}

// startBot starts "mancala serve" with env added to this program's
// environment, building the binary first unless bin names one. stop
// interrupts it and waits for it to end.
func startBot(ctx context.Context, bin, dir string, env []string, c *chat) (stop func(), err error) {
	if bin == "" {
		bin = filepath.Join(dir, "mancala")
		if runtime.GOOS == "windows" {
			bin += ".exe"
		}
		c.printf("building the bot…\n")
		b := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/mancala-bot/mancala/cmd/mancala")
		b.Stdout, b.Stderr = os.Stderr, os.Stderr
		if err := b.Run(); err != nil {
			return nil, fmt.Errorf("go build ./cmd/mancala: %w", err)
		}
	}
	logPath := filepath.Join(dir, "bot.log")
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), env...) // later values win
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, fmt.Errorf("starting the bot: %w", err)
	}
	c.printf("started %s serve (pid %d), log in %s\n", bin, cmd.Process.Pid, logPath)
	exited := make(chan struct{})
	stopping := make(chan struct{})
	go func() {
		err := cmd.Wait()
		logf.Close()
		close(exited)
		select {
		case <-stopping:
		default:
			c.printf("[bot] exited: %v (see %s)\n", err, logPath)
		}
	}()
	return func() {
		close(stopping)
		if cmd.Process.Signal(os.Interrupt) != nil { // not on Windows
			_ = cmd.Process.Kill()
		}
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	}, nil
}

// waitUntil polls cond until it holds (true) or d passes or ctx ends
// (false).
func waitUntil(ctx context.Context, d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		select {
		case <-ctx.Done():
			return false
		case <-time.After(50 * time.Millisecond):
		}
	}
	return true
}

package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/store"
	"github.com/mancala-bot/mancala/store/sqlite"
)

// replyBenchShort are the games and levels BenchmarkReply measures under
// -short (CI runs every benchmark once so that none rots): the longest
// chains of bot moves (Congkak's relays, Nam Nam's rounds) and a plain
// Kalah, at the cheapest and the strongest level.
var replyBenchShort = map[string]bool{"kalah": true, "congkak": true, "namnam": true}

// BenchmarkReply is the time a player waits for the bot's answer to a
// move, per game and level: one move through bot.Handle as "mancala serve"
// makes it (the player's move and the bot's whole chain of moves in
// answer, with the search levels, each committed to SQLite, and the board
// drawn as PNG). Each iteration is one answer; the player plays random
// legal moves (seeded), and a new game starts when one ends. Run with
// -benchtime=Nx for N answers per game and level, e.g.
//
//	go test ./cmd/mancala -run '^$' -bench 'Reply/congkak' -benchtime=20x
//
// It reports the answers' p50, p99 (nearest rank: the worst of 100 answers
// or fewer) and worst time in milliseconds and the bot's moves per answer
// (moves/reply). Under -short only the games of
// replyBenchShort at the weakest and the strongest level are measured.
func BenchmarkReply(b *testing.B) {
	var opp searchOpponent
	for _, v := range engine.Variants() {
		rules, err := engine.New(v.ID, nil)
		if err != nil {
			b.Fatal(err)
		}
		seats := rules.Layout().Sides
		if seats < 2 {
			continue // a solitaire: the bot does not play
		}
		levels := opp.Offered(rules)
		for i, level := range levels {
			if testing.Short() && (!replyBenchShort[v.ID] || (i != 0 && i != len(levels)-1)) {
				continue
			}
			b.Run(v.ID+"/"+level, func(b *testing.B) { benchReply(b, v.ID, level, seats) })
		}
	}
}

func benchReply(b *testing.B, variant, level string, seats int) {
	db, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "reply.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	bt := bot.New(bot.Config{Store: db, Opponent: searchOpponent{}, Render: renderPNG})
	say := func(text string) []bot.Reply {
		return bt.Handle(context.Background(), bot.Request{Platform: "bench", Channel: "c", Text: text,
			User: bot.User{ID: "alice", Name: "alice", Mention: "@alice"}})
	}
	rng := rand.New(rand.NewPCG(uint64(len(variant)), uint64(len(level))))
	var lat []time.Duration
	botMoves := 0
	for b.Loop() {
		for {
			g, err := db.LiveGame(context.Background(), "bench", "c")
			if errors.Is(err, store.ErrNotFound) {
				newGame := "new " + variant + " bot " + level
				if seats == 2 && rng.IntN(2) == 0 {
					newGame += " second"
				}
				if rs := say(newGame); len(rs) != 1 || rs[0].Private {
					b.Fatalf("%q: %+v", newGame, rs)
				}
				continue
			}
			if err != nil {
				b.Fatal(err)
			}
			p, err := replayed(g)
			if err != nil {
				b.Fatal(err)
			}
			moves := p.Moves()
			m := moves[rng.IntN(len(moves))]
			t0 := time.Now()
			rs := say(m.String())
			d := time.Since(t0)
			if len(rs) != 1 || rs[0].Private {
				b.Fatalf("move %s in %s: %+v", m, variant, rs)
			}
			after, err := db.Game(context.Background(), g.ID)
			if err != nil {
				b.Fatal(err)
			}
			if n := len(after.Moves) - len(g.Moves) - 1; n > 0 {
				// The bot answered: a sample (a move that ends the game,
				// or leaves the player to move again, is none).
				lat = append(lat, d)
				botMoves += n
				break
			}
		}
	}
	slices.Sort(lat)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	// Nearest-rank percentiles: with 100 answers or fewer, p99 is the worst.
	rank := func(p int) time.Duration { return lat[(len(lat)*p+99)/100-1] }
	b.ReportMetric(ms(rank(50)), "p50-ms")
	b.ReportMetric(ms(rank(99)), "p99-ms")
	b.ReportMetric(ms(lat[len(lat)-1]), "max-ms")
	b.ReportMetric(float64(botMoves)/float64(len(lat)), "moves/reply")
	b.ReportMetric(0, "ns/op") // the answers' times are the figures
}

// replayed replays a stored game to its current position.
func replayed(g *store.Game) (engine.Position, error) {
	r, err := engine.New(g.Variant, g.Options)
	if err != nil {
		return engine.Position{}, err
	}
	game := engine.NewGame(r.Start())
	for _, m := range g.Moves {
		mv, err := engine.ParseMove(m.Move)
		if err != nil {
			return engine.Position{}, fmt.Errorf("game %d: %w", g.ID, err)
		}
		if _, err := game.Play(mv); err != nil {
			return engine.Position{}, fmt.Errorf("game %d: %w", g.ID, err)
		}
	}
	return game.Position(), nil
}

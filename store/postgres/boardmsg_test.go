package postgres_test

import (
	"testing"

	"github.com/mancala-bot/mancala/store"
)

// BenchmarkSetBoardMessage records a game's board message at a newer
// version each time (Reply.Posted: one per board shown).
func BenchmarkSetBoardMessage(b *testing.B) {
	db := open(b)
	ctx := b.Context()
	g := &store.Game{Platform: "discord", Channel: "c1", Variant: "kalah", Phase: store.PhasePlaying,
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}, DrawOffer: -1, UndoOffer: -1}
	if err := db.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	v := int64(0)
	for b.Loop() {
		v++
		if err := db.SetBoardMessage(ctx, g.ID, v, "1234567890123456789"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBoardMessage reads a game's board message (an app move's
// Reply.Replace).
func BenchmarkBoardMessage(b *testing.B) {
	db := open(b)
	ctx := b.Context()
	g := &store.Game{Platform: "discord", Channel: "c1", Variant: "kalah", Phase: store.PhasePlaying,
		Players: []store.Player{{UserID: "a", Name: "A"}, {UserID: "b", Name: "B"}}, DrawOffer: -1, UndoOffer: -1}
	if err := db.CreateGame(ctx, g); err != nil {
		b.Fatal(err)
	}
	if err := db.SetBoardMessage(ctx, g.ID, 1, "1234567890123456789"); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, _, err := db.BoardMessage(ctx, g.ID); err != nil {
			b.Fatal(err)
		}
	}
}

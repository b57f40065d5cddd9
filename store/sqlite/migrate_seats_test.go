package sqlite

import (
	"context"
	"reflect"
	"testing"

	"github.com/mancala-bot/mancala/store"
)

// TestMigrateSeatsKeepsGames writes a database with the schema of
// migrations 0001-0003 (the south_*/north_* columns) holding finished,
// live and challenge games, then opens it with this code: every game reads
// back with its two players in seats 0 and 1, its moves, result and offers,
// and every record is what it was.
func TestMigrateSeatsKeepsGames(t *testing.T) {
	ctx := t.Context()
	type row struct {
		id                             int64
		channel, phase, result, reason string
		su, sn, sl, nu, nn, nl         string
		drawOffer, undoOffer, created  int64
		moves                          []string
	}
	rows := []row{
		{1, "c1", "over", "south_won", "empty_side", "alice", "Alice", "", "bob", "@bob", "", -1, -1, 1000, []string{"3", "1", "6"}},
		{2, "c1", "over", "draw", "agreed", "bob", "Bobby", "", "alice", "Alice", "", -1, -1, 2000, []string{"2"}},
		{3, "c1", "over", "north_won", "resign", "alice", "Alice", "", "", "", "hard", -1, -1, 3000, nil},
		{4, "c1", "over", "", "declined", "alice", "Alice", "", "", "@carol", "", -1, -1, 4000, nil},
		{5, "c2", "playing", "", "", "carol", "Carol", "", "dave", "Dave", "", 1, 0, 5000, []string{"4", "swap"}},
		{6, "c1", "challenge", "", "", "alice", "Alice", "", "", "", "", -1, -1, 6000, nil},
		{7, "c3", "over", "north_won", "empty_side", "", "", "easy", "dave", "Dave", "", -1, -1, 7000, []string{"1"}},
	}
	// The database as the 0003 code left it.
	path := oldDatabase(t, 3, func(exec func(string, ...any)) {
		for _, r := range rows {
			exec(`INSERT INTO games (id, platform, channel, variant, options,
			south_user_id, south_name, south_level, north_user_id, north_name, north_level,
			challenger, phase, result, reason, draw_offer, undo_offer, version, created_at, updated_at, lang)
			VALUES (?, 'discord', ?, 'kalah', '{"seeds":"4"}', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 3, ?, ?, 'ru')`,
				r.id, r.channel, r.su, r.sn, r.sl, r.nu, r.nn, r.nl, r.su, r.phase, r.result, r.reason,
				r.drawOffer, r.undoOffer, r.created, r.created+10)
			for i, m := range r.moves {
				exec("INSERT INTO moves (game_id, ply, move, user_id, at) VALUES (?, ?, ?, '', ?)",
					r.id, i, m, r.created+int64(i))
			}
		}
	})

	n, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	for _, r := range rows {
		g, err := n.Game(ctx, r.id)
		if err != nil {
			t.Fatalf("game %d: %v", r.id, err)
		}
		wantPlayers := []store.Player{{UserID: r.su, Name: r.sn, Level: r.sl}, {UserID: r.nu, Name: r.nn, Level: r.nl}}
		var moves []string
		for _, m := range g.Moves {
			moves = append(moves, m.Move)
		}
		if !reflect.DeepEqual(g.Players, wantPlayers) || string(g.Phase) != r.phase || g.Result != r.result ||
			g.Reason != r.reason || g.DrawOffer != int(r.drawOffer) || g.UndoOffer != int(r.undoOffer) ||
			!reflect.DeepEqual(moves, r.moves) || g.Challenger != r.su || g.Version != 3 ||
			g.Options["seeds"] != "4" || g.Lang != "ru" || g.CreatedAt.UnixMilli() != r.created {
			t.Errorf("game %d after the migration: %+v", r.id, g)
		}
	}
	if g, err := n.LiveGame(ctx, "discord", "c2"); err != nil || g.ID != 5 {
		t.Errorf("live game in c2: %+v, %v", g, err)
	}
	if g, err := n.LastGame(ctx, "discord", "c1"); err != nil || g.ID != 4 {
		t.Errorf("last game in c1: %+v, %v", g, err)
	}
	for _, want := range []store.Record{
		{UserID: "alice", Name: "Alice", Wins: 1, Losses: 1, Draws: 1},
		{UserID: "bob", Name: "Bobby", Losses: 1, Draws: 1},
		{UserID: "dave", Name: "Dave", Wins: 1},
		{UserID: "carol"},
	} {
		if got, err := n.Record(ctx, "discord", want.UserID); err != nil || got != want {
			t.Errorf("Record(%s) = %+v, %v; want %+v", want.UserID, got, err, want)
		}
	}
	lb, err := n.Leaderboard(ctx, "discord", "", 10)
	want := []store.Record{
		{UserID: "dave", Name: "Dave", Wins: 1},
		{UserID: "alice", Name: "Alice", Wins: 1, Losses: 1, Draws: 1},
		{UserID: "bob", Name: "Bobby", Losses: 1, Draws: 1},
	}
	if err != nil || !reflect.DeepEqual(lb, want) {
		t.Errorf("leaderboard %+v, %v; want %+v", lb, err, want)
	}
	// The new schema is the only one: the seat columns are gone.
	var cols int
	if err := n.db.QueryRowContext(context.Background(),
		"SELECT COUNT(*) FROM pragma_table_info('games') WHERE name LIKE 'south%' OR name LIKE 'north%'").Scan(&cols); err != nil || cols != 0 {
		t.Errorf("games still has %d seat columns (%v)", cols, err)
	}
}

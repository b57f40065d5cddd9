package sqlite

import (
	"context"
	"errors"
	"testing"

	"github.com/mancala-bot/mancala/store"
)

// TestMigrateNoticesKeepsLiveOnes writes a database with the schema of
// migrations 0001-0008 holding two games' live turn notices, one of them
// with an empty message id (which 0008 allowed and nothing wrote), then
// opens it with this code: the real notice is kept, the empty one dropped,
// and an empty message id is refused from then on.
func TestMigrateNoticesKeepsLiveOnes(t *testing.T) {
	ctx := t.Context()
	path := oldDatabase(t, 8, func(exec func(string, ...any)) {
		for _, q := range []string{
			`INSERT INTO games (id, platform, channel, variant, options, challenger, phase, version, created_at, updated_at, lang)
			VALUES (1, 'discord', 'c1', 'kalah', '{}', 'alice', 'playing', 1, 1000, 1000, 'en')`,
			`INSERT INTO games (id, platform, channel, variant, options, challenger, phase, version, created_at, updated_at, lang)
			VALUES (2, 'discord', 'c2', 'kalah', '{}', 'alice', 'playing', 1, 1000, 1000, 'en')`,
			`INSERT INTO turn_notices (game_id, user_id, message_id) VALUES (1, 'bob', 'm-7')`,
			`INSERT INTO turn_notices (game_id, user_id, message_id) VALUES (2, 'bob', '')`,
		} {
			exec(q)
		}
	})

	n, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if got, err := n.TurnNotice(ctx, 1); err != nil || got != (store.Notice{GameID: 1, UserID: "bob", MessageID: "m-7"}) {
		t.Errorf("game 1's notice after the migration: %+v, %v; want m-7 by bob", got, err)
	}
	if got, err := n.TurnNotice(ctx, 2); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("game 2's empty notice after the migration: %+v, %v; want none", got, err)
	}
	if ok, err := n.SwapTurnNotice(ctx, "m-7", store.Notice{GameID: 1, UserID: "carol", MessageID: "m-8"}); !ok || err != nil {
		t.Errorf("swapping the kept notice: %v, %v", ok, err)
	}
	err = n.write(context.Background(), func(tx txn) error {
		_, err := tx.exec("INSERT INTO turn_notices (game_id, user_id, message_id) VALUES (2, 'bob', '')")
		return err
	})
	if err == nil {
		t.Error("an empty message id was stored")
	}
}

package storetest

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/mancala-bot/mancala/store"
)

func wantBoardMessage(t *testing.T, s store.Store, g *store.Game, id string, version int64) {
	t.Helper()
	got, v, err := s.BoardMessage(t.Context(), g.ID)
	if err != nil || got != id || v != version {
		t.Errorf("BoardMessage(%d) = %q, %d, %v; want %q, %d, nil", g.ID, got, v, err, id, version)
	}
}

func mustSetBoardMessage(t *testing.T, s store.Store, g *store.Game, version int64, id string) {
	t.Helper()
	if err := s.SetBoardMessage(t.Context(), g.ID, version, id); err != nil {
		t.Fatalf("SetBoardMessage(%d, %d, %q): %v", g.ID, version, id, err)
	}
}

// testBoardMessage: a game has no board message until one is set; a newer
// version replaces it, the same version too, an older one never; games do
// not share them; unknown games and bad ids are refused.
func testBoardMessage(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := mustCreate(t, s, newGame("telegram", "-100"))
	other := mustCreate(t, s, newGame("telegram", "-200"))
	_, _, err := s.BoardMessage(ctx, g.ID)
	wantErr(t, "BoardMessage before any", err, store.ErrNotFound)

	mustSetBoardMessage(t, s, g, 3, "101")
	wantBoardMessage(t, s, g, "101", 3)
	_, _, err = s.BoardMessage(ctx, other.ID)
	wantErr(t, "BoardMessage of the other game", err, store.ErrNotFound)

	mustSetBoardMessage(t, s, g, 5, "102") // newer: replaces
	wantBoardMessage(t, s, g, "102", 5)
	mustSetBoardMessage(t, s, g, 4, "103") // older: ignored, not an error
	wantBoardMessage(t, s, g, "102", 5)
	mustSetBoardMessage(t, s, g, 5, "104") // same version: the board posted again
	wantBoardMessage(t, s, g, "104", 5)

	mustSetBoardMessage(t, s, other, 1, "104") // ids are per channel: another game may hold the same
	wantBoardMessage(t, s, other, "104", 1)
	wantBoardMessage(t, s, g, "104", 5)

	// Any string of 1 to MaxMessageIDLen bytes is an id.
	long := strings.Repeat("é", store.MaxMessageIDLen/2)
	mustSetBoardMessage(t, s, other, 2, long)
	wantBoardMessage(t, s, other, long, 2)

	// Refusals change nothing.
	err = s.SetBoardMessage(ctx, other.ID+1000, 1, "1")
	wantErr(t, "SetBoardMessage of an unknown game", err, store.ErrNotFound)
	_, _, err = s.BoardMessage(ctx, other.ID+1000)
	wantErr(t, "BoardMessage of an unknown game", err, store.ErrNotFound)
	for _, id := range []string{"", strings.Repeat("9", store.MaxMessageIDLen+1)} {
		err := s.SetBoardMessage(ctx, g.ID, 9, id)
		if err == nil || errors.Is(err, store.ErrNotFound) {
			t.Errorf("SetBoardMessage of an id of %d bytes: error %v, want a refusal", len(id), err)
		}
	}
	wantBoardMessage(t, s, g, "104", 5)
}

// testConcurrentBoardMessages: writers of many versions of one game at
// once, in any order: the newest version's message is kept.
func testConcurrentBoardMessages(t *testing.T, s store.Store) {
	g := mustCreate(t, s, newGame("discord", "c1"))
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for v := int64(n); v >= 1; v-- {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.SetBoardMessage(t.Context(), g.ID, v, fmt.Sprint("m", v)); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("SetBoardMessage: %v", err)
	}
	wantBoardMessage(t, s, g, fmt.Sprint("m", n), n)
}

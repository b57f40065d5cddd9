package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/mancala-bot/mancala/store"
)

// review returns the stored review of g at moves plies, failing t on an
// error other than ErrNotFound (then nil).
func review(t *testing.T, s store.Store, g *store.Game, moves int) []byte {
	t.Helper()
	data, err := s.Review(t.Context(), g.ID, moves)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		t.Fatalf("Review(%d, %d): %v", g.ID, moves, err)
	}
	if data == nil {
		t.Fatalf("Review(%d, %d): nil data and no error", g.ID, moves)
	}
	return data
}

func wantReview(t *testing.T, s store.Store, g *store.Game, moves int, want []byte) {
	t.Helper()
	if got := review(t, s, g, moves); !bytes.Equal(got, want) {
		t.Errorf("Review(game %d, %d moves) = %q, want %q", g.ID, moves, got, want)
	}
}

func mustSaveReview(t *testing.T, s store.Store, g *store.Game, moves int, data []byte) {
	t.Helper()
	if err := s.SaveReview(t.Context(), g.ID, moves, data); err != nil {
		t.Fatalf("SaveReview(%d, %d, %q): %v", g.ID, moves, data, err)
	}
}

// testReviews: a review is stored per game and length, the first write
// wins, and the refusals write nothing.
func testReviews(t *testing.T, s store.Store) {
	ctx := t.Context()
	g := mustCreate(t, s, newGame("discord", "c1")) // 3 moves
	other := mustCreate(t, s, newGame("discord", "c2"))
	wantReview(t, s, g, 3, nil)

	mustSaveReview(t, s, g, 3, []byte(`{"evals":[0,12,-3]}`))
	wantReview(t, s, g, 3, []byte(`{"evals":[0,12,-3]}`))
	// The first write wins; the second is not an error.
	mustSaveReview(t, s, g, 3, []byte(`{"evals":[9,9,9]}`))
	wantReview(t, s, g, 3, []byte(`{"evals":[0,12,-3]}`))
	// Each length has its own; other games have none.
	mustSaveReview(t, s, g, 0, []byte("start"))
	mustSaveReview(t, s, g, 2, []byte("\x00two\xff"))
	wantReview(t, s, g, 0, []byte("start"))
	wantReview(t, s, g, 2, []byte("\x00two\xff"))
	wantReview(t, s, g, 1, nil)
	wantReview(t, s, other, 3, nil)

	// What Review returns is the caller's.
	got := review(t, s, g, 3)
	got[0] = 'X'
	wantReview(t, s, g, 3, []byte(`{"evals":[0,12,-3]}`))

	// Refusals.
	err := s.SaveReview(ctx, other.ID+1000, 0, []byte("x"))
	wantErr(t, "SaveReview of an unknown game", err, store.ErrNotFound)
	err = s.SaveReview(ctx, g.ID, 4, []byte("four"))
	wantErr(t, "SaveReview beyond the stored moves", err, store.ErrConflict)
	wantReview(t, s, g, 4, nil)
	for _, c := range []struct {
		what  string
		moves int
		data  []byte
	}{
		{"negative moves", -1, []byte("x")},
		{"no data", 1, nil},
		{"empty data", 1, []byte{}},
	} {
		err := s.SaveReview(ctx, g.ID, c.moves, c.data)
		if err == nil || errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrConflict) {
			t.Errorf("SaveReview with %s: error %v, want a refusal", c.what, err)
		}
	}
	wantReview(t, s, g, 1, nil)
	big := bytes.Repeat([]byte("0123456789abcdef"), store.MaxReviewSize/16)
	err = s.SaveReview(ctx, g.ID, 1, append(big, '!'))
	wantErr(t, "SaveReview of MaxReviewSize+1 bytes", err, store.ErrTooLarge)
	wantReview(t, s, g, 1, nil)
	// MaxReviewSize itself is kept, byte for byte.
	big[0], big[len(big)-1] = 0, 0xff
	mustSaveReview(t, s, g, 1, big)
	wantReview(t, s, g, 1, big)
}

// testReviewsUndone: an undo removes the reviews of the lengths it took
// back; a new move does not bring them back.
func testReviewsUndone(t *testing.T, s store.Store) {
	g := mustCreate(t, s, newGame("discord", "c1")) // 3 moves
	for n := range 4 {
		mustSaveReview(t, s, g, n, fmt.Appendf(nil, "after %d", n))
	}
	g.Moves = g.Moves[:1]
	mustUpdate(t, s, g)
	wantReview(t, s, g, 0, []byte("after 0"))
	wantReview(t, s, g, 1, []byte("after 1"))
	wantReview(t, s, g, 2, nil)
	wantReview(t, s, g, 3, nil)

	g.Moves = append(g.Moves, store.Move{Move: "4", UserID: "u-bob", At: at(50)})
	mustUpdate(t, s, g)
	wantReview(t, s, g, 2, nil)
	mustSaveReview(t, s, g, 2, []byte("after 2, again"))
	wantReview(t, s, g, 2, []byte("after 2, again"))
	err := s.SaveReview(t.Context(), g.ID, 3, []byte("three"))
	wantErr(t, "SaveReview beyond the history after the undo", err, store.ErrConflict)
}

// testConcurrentReviews: writers saving different reviews of one game and
// length at once all succeed, and one of them is stored.
func testConcurrentReviews(t *testing.T, s store.Store) {
	concurrentReviews(t, s, s)
}

func concurrentReviews(t *testing.T, a, b store.Store) {
	g := mustCreate(t, a, newGame("discord", "c-reviews"))
	for round := range 4 {
		var wg sync.WaitGroup
		written := map[string]bool{}
		for i := range 8 {
			s := a
			if i%2 == 1 {
				s = b
			}
			data := fmt.Sprintf("review %d by writer %d", round, i)
			written[data] = true
			wg.Go(func() {
				if err := s.SaveReview(context.Background(), g.ID, round, []byte(data)); err != nil {
					t.Errorf("SaveReview by writer %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		for _, s := range []store.Store{a, b} {
			if got := review(t, s, g, round); !written[string(got)] {
				t.Errorf("round %d: Review = %q, none of the writers' reviews", round, got)
			}
		}
		if x, y := review(t, a, g, round), review(t, b, g, round); !bytes.Equal(x, y) {
			t.Errorf("round %d: the two stores read %q and %q", round, x, y)
		}
	}
}

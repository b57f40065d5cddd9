package app

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
	"github.com/mancala-bot/mancala/store"
)

// moveAnswer is the answer of a move made: the game's version after it
// (and after the bot's answer, when the bot plays next).
type moveAnswer struct {
	Version int64 `json:"version"`
}

// move serves POST api/game/{page}/move {"version": N, "move": "3"}: the
// move made through the bot exactly as a press of its button under the
// chat's board at version N (bot.Request.Button "m:<game>:<N>:<move>", the
// game's platform and channel, the session's user, App set), its public
// replies sent to the chat with Config.Deliver. It answers 200 with the
// new version; 403 not_player, before asking the bot, for a user who
// plays no seat (or signed in on another platform); 409 refused with the
// bot's own words (in the user's language) when the bot made no move of
// theirs: a stale version, not their turn, an illegal move, a game over.
func (s *Server) move(w http.ResponseWriter, r *http.Request) {
	sess, ok := s.session(w, r, true)
	if !ok || s.limited(w, r, sess) {
		return
	}
	var in struct {
		Version *int64 `json:"version"`
		Move    string `json:"move"`
	}
	if !s.readBody(w, r, &in, sess) {
		return
	}
	m, err := engine.ParseMove(in.Move)
	if in.Version == nil || *in.Version < 0 || err != nil || len(in.Move) > 8 {
		s.fail(w, r, http.StatusBadRequest, codeBadRequest, sess)
		return
	}
	g := s.lookup(w, r, r.PathValue("page"), sess)
	if g == nil {
		return
	}
	if len(viewerOf(g, sess).seats) == 0 {
		s.fail(w, r, http.StatusForbidden, codeNotPlayer, sess)
		return
	}
	// The move is the bot's once asked: a client going away does not stop
	// it, nor the delivery of its board.
	ctx := context.WithoutCancel(r.Context())
	req := bot.Request{
		Platform: g.Platform,
		Channel:  g.Channel,
		User:     sess.User(),
		Button:   "m:" + strconv.FormatInt(g.ID, 10) + ":" + strconv.FormatInt(*in.Version, 10) + ":" + m.String(),
		Received: s.cfg.Now(),
		EventID:  "app:" + randomID(),
		App:      true,
	}
	replies := s.cfg.Handle(ctx, req)
	after, err := s.cfg.Store.Game(ctx, g.ID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		s.internal(w, r, "reading the game after a move", err, sess)
		return
	}
	if err != nil || !movedBy(after, len(g.Moves), sess.UserID) {
		var refusal []string
		for _, rp := range replies {
			if rp.Private && rp.Text != "" {
				refusal = append(refusal, rp.Text)
			}
		}
		text := strings.Join(refusal, "\n")
		if text == "" {
			text = locales.Text(sess.Lang(), errorKeys[codeRefused], nil)
		}
		s.failText(w, http.StatusConflict, codeRefused, text)
		return
	}
	for _, rp := range replies {
		if rp.Private {
			continue // the requester's, who sees the app
		}
		rp.Edit = false // no message of the chat holds a pressed button
		if s.cfg.Deliver != nil {
			s.cfg.Deliver(ctx, bot.Outgoing{Platform: g.Platform, Channel: g.Channel, Reply: rp})
		}
	}
	writeJSON(w, http.StatusOK, moveAnswer{Version: after.Version})
}

// movedBy reports whether g holds a move of user's from ply from on.
func movedBy(g *store.Game, from int, user string) bool {
	for i := from; i < len(g.Moves); i++ {
		if g.Moves[i].UserID == user {
			return true
		}
	}
	return false
}

// randomID is a random id for an app request's EventID.
func randomID() string {
	var b [12]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

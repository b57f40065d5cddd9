package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// gameJSON is /g/{id}.json: the game without anything private (no
// platform, channel or user ids), its moves in the stored notation.
type gameJSON struct {
	Variant string            `json:"variant"`
	Options map[string]string `json:"options"`
	// Start is the start position's JSON when the game did not begin at
	// the variant's start.
	Start   json.RawMessage `json:"start,omitempty"`
	Players []playerJSON    `json:"players"`
	Phase   string          `json:"phase"`
	Result  string          `json:"result,omitempty"`
	Reason  string          `json:"reason,omitempty"`
	Moves   []moveJSON      `json:"moves"`
	Version int64           `json:"version"`
	Created time.Time       `json:"created"`
	Updated time.Time       `json:"updated"`
}

type playerJSON struct {
	Seat  string `json:"seat"`
	Name  string `json:"name"`
	Bot   bool   `json:"bot,omitempty"`
	Level string `json:"level,omitempty"`
}

type moveJSON struct {
	Ply  int       `json:"ply"`
	Move string    `json:"move"`
	Side string    `json:"side"`
	At   time.Time `json:"at"`
}

// json serves /g/{id}.json; names are as the page shows them in the
// game's language.
func (s *Server) json(w http.ResponseWriter, r *http.Request, pageID string) {
	g := s.loadGame(w, r, pageID)
	if g == nil {
		return
	}
	rec := g.rec
	lang := gameLang(rec)
	out := gameJSON{Variant: rec.Variant, Options: rec.Options, Phase: string(rec.Phase), Result: rec.Result,
		Reason: rec.Reason, Version: rec.Version, Created: rec.CreatedAt.UTC(), Updated: rec.UpdatedAt.UTC(),
		Players: []playerJSON{}, Moves: []moveJSON{}}
	if out.Options == nil {
		out.Options = map[string]string{}
	}
	if rec.Start != "" && json.Valid([]byte(rec.Start)) {
		out.Start = json.RawMessage(rec.Start)
	}
	for i, p := range rec.Players {
		out.Players = append(out.Players, playerJSON{Seat: seatSideName(i), Name: g.name(lang, i), Bot: p.IsBot(), Level: p.Level})
	}
	for i, m := range rec.Moves {
		out.Moves = append(out.Moves, moveJSON{Ply: i + 1, Move: m.Move, Side: g.steps[i+1].side.String(), At: m.At.UTC()})
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-cache")
	if notModified(w, r, etag("json", pageID, rec.Version)) {
		return
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		h.Del("ETag")
		s.internalError(w, r, "encoding the game", err)
		return
	}
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.Write(buf.Bytes())
}

// seatSideName is the name of the side seat i had at the start.
func seatSideName(i int) string {
	return [...]string{"south", "north", "east", "west"}[min(i, 3)]
}

package app

import (
	"net/http"

	"github.com/mancala-bot/mancala/locales"
)

// labelKeys are the client's labels (locales, app.toml): the "text"
// object's name of each, and its key.
var labelKeys = map[string]string{
	"your_turn":      "app_your_turn",
	"watching":       "app_watching",
	"confirm":        "app_confirm",
	"cancel":         "app_cancel",
	"extra_turn":     "app_extra_turn",
	"game_ends":      "app_game_ends",
	"go_on":          "app_go_on",
	"stop":           "app_stop",
	"swap":           "app_swap",
	"reconnecting":   "app_reconnecting",
	"open_elsewhere": "app_open_elsewhere",
	"signing_in":     "app_signing_in",
	"sign_in_failed": "app_sign_in_failed",
	"no_game":        "app_no_game",
	"over":           "app_over",
	"load_failed":    "app_load_failed",
	"move_failed":    "app_move_failed",
}

// pluralKeys are the client's plural labels, sent as their CLDR forms
// with "{Count}" for the client to fill (Intl.PluralRules).
var pluralKeys = map[string]string{
	"captures": "app_captures",
}

// labels are the texts every answer with texts carries, in lang.
func labels(lang locales.Lang) map[string]any {
	out := make(map[string]any, len(labelKeys)+len(pluralKeys)+2)
	for name, key := range labelKeys {
		out[name] = locales.Text(lang, key, nil)
	}
	for name, key := range pluralKeys {
		out[name] = locales.Forms(lang, key)
	}
	return out
}

// stateTexts are the labels plus what depends on the game: "title" the
// variant's name, "board_alt" the board image's text, "waiting" naming
// the player to move.
func stateTexts(lang locales.Lang, st *gameState, names []string) map[string]any {
	out := labels(lang)
	variant := locales.VariantName(lang, st.Variant)
	out["title"] = variant
	out["board_alt"] = locales.Text(lang, "app_board_alt", map[string]any{"Variant": variant})
	if st.ToMove != nil && *st.ToMove < len(names) {
		out["waiting"] = locales.Text(lang, "app_waiting", map[string]any{"Player": names[*st.ToMove]})
	}
	return out
}

// textsAnswer is the answer of GET api/text.
type textsAnswer struct {
	Lang string         `json:"lang"`
	Text map[string]any `json:"text"`
}

// texts serves GET api/text: the client's labels before it has a session,
// in the language of ?lang= or Accept-Language.
func (s *Server) texts(w http.ResponseWriter, r *http.Request) {
	if s.limited(w, r, nil) {
		return
	}
	lang := requestLang(r)
	w.Header().Set("Vary", "Accept-Language")
	writeJSON(w, http.StatusOK, textsAnswer{Lang: string(lang), Text: labels(lang)})
}

package bot

import (
	"regexp"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
)

// Command is one chat command. The one table, Commands, feeds the bot's
// router, the help text's order, Telegram's command menu and Discord's slash
// commands (with their localized names).
type Command struct {
	// Name is what users type after "/" and what Request.Command carries
	// (Discord sends the English names whatever the user's language).
	Name string
	// Local are the names Discord shows in each language other than
	// English; the texts name commands this way on Discord.
	Local map[locales.Lang]string
	// Urgent marks the commands of playing a game, which adapters send
	// ahead of help, rules, statistics and puzzle traffic.
	Urgent bool
	// Setting marks the commands that change a user's or a channel's
	// settings (/notify, /lang): like game commands they are never held
	// back by the request throttle, since a dropped one would leave the
	// user believing it was done.
	Setting bool
}

// Commands lists the commands in the order help and the platforms' menus
// show them. Descriptions are the catalog's cmd_<name> messages.
var Commands = []Command{
	{Name: "new", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "новая", locales.DA: "nyt", locales.PL: "nowa"}},
	{Name: "move", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "ход", locales.DA: "træk", locales.PL: "ruch"}},
	{Name: "accept", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "принять", locales.DA: "accepter", locales.PL: "przyjmij"}},
	{Name: "decline", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "отклонить", locales.DA: "afvis", locales.PL: "odrzuć"}},
	{Name: "join", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "сесть", locales.DA: "sæt_dig", locales.PL: "dosiądź"}},
	{Name: "resign", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "сдаться", locales.DA: "opgiv", locales.PL: "poddaj"}},
	{Name: "draw", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "ничья", locales.DA: "uafgjort", locales.PL: "remis"}},
	{Name: "undo", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "отмена", locales.DA: "fortryd", locales.PL: "cofnij"}},
	{Name: "rematch", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "реванш", locales.DA: "revanche", locales.PL: "rewanż"}},
	{Name: "claim", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "победа_по_времени", locales.DA: "kræv_sejr", locales.PL: "walkower"}},
	{Name: "abandon", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "прервать", locales.DA: "afbryd", locales.PL: "przerwij"}},
	{Name: "board", Urgent: true,
		Local: map[locales.Lang]string{locales.RU: "доска", locales.DA: "bræt", locales.PL: "plansza"}},
	{Name: "games",
		Local: map[locales.Lang]string{locales.RU: "мои_партии", locales.DA: "mine_spil", locales.PL: "moje_gry"}},
	{Name: "notify", Setting: true,
		Local: map[locales.Lang]string{locales.RU: "уведомления", locales.DA: "notifikationer", locales.PL: "powiadomienia"}},
	{Name: "replay",
		Local: map[locales.Lang]string{locales.RU: "повтор", locales.DA: "genafspil", locales.PL: "powtórka"}},
	{Name: "review",
		Local: map[locales.Lang]string{locales.RU: "разбор", locales.DA: "analyse", locales.PL: "analiza"}},
	{Name: "game",
		Local: map[locales.Lang]string{locales.RU: "партия", locales.DA: "parti", locales.PL: "partia"}},
	{Name: "rules",
		Local: map[locales.Lang]string{locales.RU: "правила", locales.DA: "regler", locales.PL: "zasady"}},
	{Name: "variants",
		Local: map[locales.Lang]string{locales.RU: "игры", locales.DA: "spil", locales.PL: "gry"}},
	{Name: "puzzle",
		Local: map[locales.Lang]string{locales.RU: "задача", locales.DA: "opgave", locales.PL: "zagadka"}},
	{Name: "stats",
		Local: map[locales.Lang]string{locales.RU: "статистика", locales.DA: "statistik", locales.PL: "statystyki"}},
	{Name: "top",
		Local: map[locales.Lang]string{locales.RU: "лидеры", locales.DA: "rangliste", locales.PL: "ranking"}},
	{Name: "lang", Setting: true,
		Local: map[locales.Lang]string{locales.RU: "язык", locales.DA: "sprog", locales.PL: "język"}},
	{Name: "help",
		Local: map[locales.Lang]string{locales.RU: "помощь", locales.DA: "hjælp", locales.PL: "pomoc"}},
}

// handlers run the commands by name; a test checks every command has one.
var handlers map[string]func(s *session, args []string) ([]Reply, error)

// init fills handlers (in init, as they refer back to the table through
// the texts they write).
func init() {
	handlers = map[string]func(s *session, args []string) ([]Reply, error){
		"new":      (*session).newGame,
		"accept":   func(s *session, _ []string) ([]Reply, error) { return s.accept(nil) },
		"decline":  func(s *session, _ []string) ([]Reply, error) { return s.decline(nil) },
		"join":     func(s *session, _ []string) ([]Reply, error) { return s.join() },
		"move":     (*session).moveCommand,
		"resign":   func(s *session, _ []string) ([]Reply, error) { return s.resign() },
		"draw":     func(s *session, _ []string) ([]Reply, error) { return s.draw() },
		"undo":     func(s *session, _ []string) ([]Reply, error) { return s.undo() },
		"rematch":  func(s *session, _ []string) ([]Reply, error) { return s.rematch(nil) },
		"claim":    func(s *session, _ []string) ([]Reply, error) { return s.claim(nil) },
		"abandon":  func(s *session, _ []string) ([]Reply, error) { return s.abandon() },
		"board":    func(s *session, _ []string) ([]Reply, error) { return s.board() },
		"games":    func(s *session, _ []string) ([]Reply, error) { return s.games() },
		"notify":   (*session).notify,
		"replay":   func(s *session, _ []string) ([]Reply, error) { return s.replay(nil) },
		"game":     func(s *session, _ []string) ([]Reply, error) { return s.gameRecord() },
		"review":   func(s *session, _ []string) ([]Reply, error) { return s.review(nil) },
		"rules":    (*session).rules,
		"variants": func(s *session, _ []string) ([]Reply, error) { return s.variants() },
		"puzzle":   (*session).puzzle,
		"stats":    func(s *session, _ []string) ([]Reply, error) { return s.stats() },
		"top":      (*session).top,
		"lang":     (*session).setLang,
		"help":     func(s *session, _ []string) ([]Reply, error) { return s.help() },
	}
}

// commandByName indexes Commands.
var commandByName = func() map[string]*Command {
	m := map[string]*Command{}
	for i := range Commands {
		m[Commands[i].Name] = &Commands[i]
	}
	return m
}()

// commandAliases maps other words users type to the command names.
var commandAliases = map[string]string{
	"challenge": "new", "play": "new",
	"m": "move", "moves": "move",
	"records": "game", "record": "game", "history": "game",
	"leaderboard": "top",
	"mygames":     "games", "notifications": "notify",
	"language": "lang",
	"last":     "replay", "lastmove": "replay", "animate": "replay", "animation": "replay",
	"start":   "help",
	"analyse": "review", "analyze": "review", "analysis": "review",
}

// parseText splits a typed command: "/move@mybot 3" gives "move", ["3"].
// A bare move ("3", "0", a button's label) is a move, so that "0" is
// refused as a pit, not as an unknown command.
func parseText(text string) (string, []string) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return "", nil
	}
	cmd := strings.TrimPrefix(f[0], "/")
	cmd = strings.TrimPrefix(cmd, "!")
	if i := strings.IndexByte(cmd, '@'); i > 0 {
		cmd = cmd[:i]
	}
	cmd = strings.ToLower(cmd)
	if !strings.HasPrefix(f[0], "/") && looksLikeMove(cmd) {
		return "move", f
	}
	if a, ok := commandAliases[cmd]; ok {
		cmd = a
	}
	return cmd, f[1:]
}

// looksLikeMove reports whether a bare word is meant as a move: a pit
// number (valid or not) or a move in the notation.
func looksLikeMove(w string) bool {
	if _, err := engine.ParseMove(w); err == nil {
		return true
	}
	return w != "" && strings.Trim(w, "0123456789") == ""
}

// commandToken finds "/name" in texts: a slash at the start or after a
// space or opening punctuation, and a name of Latin letters.
var commandToken = regexp.MustCompile(`(^|[\s(«„“"'»])/([a-z]+)\b`)

// platformCommands rewrites the command names in text as the user's client
// shows them: on Discord, the localized names of language l ("/draw" is
// "/ничья" for a Russian client). Elsewhere text is returned as it is.
func platformCommands(platform string, l locales.Lang, text string) string {
	if platform != "discord" || l == locales.EN || !strings.Contains(text, "/") {
		return text
	}
	return commandToken.ReplaceAllStringFunc(text, func(m string) string {
		sub := commandToken.FindStringSubmatch(m)
		c, ok := commandByName[sub[2]]
		if !ok || c.Local[l] == "" {
			return m
		}
		return sub[1] + "/" + c.Local[l]
	})
}

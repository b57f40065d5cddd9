package bot

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
)

// Command is one chat command: a row of the one table, Commands, which
// feeds the bot's router, Telegram's command menu and Discord's slash
// commands with their options. (The help text is written by hand; a test
// checks it names every command in every language.) Its texts are in the
// locales catalog: cmd_<Name> describes it in the menus, cmdname_<Name>
// is its name on Discord in each language (and how the texts name it
// there), and each argument has argname_<Arg.Name> and its Arg.Desc.
type Command struct {
	// Name is what users type after "/" and what Request.Command carries
	// (Discord sends the English names whatever the user's language).
	Name string
	// Urgent marks the commands of playing a game, which adapters send
	// ahead of help, rules, statistics and puzzle traffic.
	Urgent bool
	// Setting marks the commands that change a user's or a channel's
	// settings (/notify, /lang): like game commands they are never held
	// back by the request throttle, since a dropped one would leave the
	// user believing it was done.
	Setting bool
	// Args are the arguments a platform with typed fields (Discord's
	// options) asks for, in the order it shows them; Words turns their
	// values into the words the handler parses. Telegram passes the typed
	// words as they are.
	Args []Arg

	// run handles the command, given the words after it.
	run func(s *session, args []string) ([]Reply, error)
}

// ArgKind is what an argument holds, and so how a platform asks for it
// and how its value becomes words (see Command.Words).
type ArgKind int

const (
	// ArgText is free text, passed on as the words it holds ("3 1 2").
	ArgText ArgKind = iota
	// ArgChoice is one of the values Arg.Choices lists, passed on as it is.
	ArgChoice
	// ArgInteger is a whole number, passed on in decimal.
	ArgInteger
	// ArgUser is a user, passed on as their mention; the bot itself is
	// passed on as Arg.Word, or left out when Word is "".
	ArgUser
	// ArgSwitch is on or off; when on it passes on Arg.Word.
	ArgSwitch
)

// Arg is one argument of a command.
type Arg struct {
	// Name is the argument's name (a Discord option's name), localized by
	// the catalog's argname_<Name>.
	Name string
	// Desc is the catalog key of its description (at most 100 characters).
	Desc string
	Kind ArgKind
	// Required arguments come before the optional ones.
	Required bool
	// Choices lists the values of an ArgChoice, given the bot levels the
	// platform offers.
	Choices func(levels []string) []ArgOption
	// MaxLength bounds an ArgText (0: the platform's limit).
	MaxLength int
	// Word is what an ArgSwitch passes on when on, and what an ArgUser
	// passes on for the bot itself.
	Word string
	// Prefix, when set, is passed on before the argument's words unless
	// an earlier argument already passed it (a level means "bot": /new
	// kalah bot hard).
	Prefix string
	// First puts the argument's words before every other's (the typed
	// syntax is /lang channel ru, while Discord asks for the language
	// first, as it is required).
	First bool
}

// ArgOption is one value an ArgChoice offers.
type ArgOption struct {
	// Value is what is passed on; Name what users see in English.
	Value, Name string
	// Local names it in the other languages that have a name for it.
	Local map[locales.Lang]string
}

// ArgValue is the value a platform received for one argument.
type ArgValue struct {
	// Text is the value of an ArgText, ArgChoice or ArgInteger (in
	// decimal), or the mention of an ArgUser.
	Text string
	// On is an ArgSwitch's value.
	On bool
	// Self marks an ArgUser that is the bot itself.
	Self bool
}

// Words turns the values of c's arguments, by Arg.Name, into the words
// its handler parses, as if typed: the arguments in the order of c.Args
// (those marked First ahead), each value's words (ArgText split at
// spaces, the others trimmed; empty values give none), after their
// Prefix. Values of names c does not have are ignored.
func (c *Command) Words(values map[string]ArgValue) []string {
	var first, rest []string
	for _, a := range c.Args {
		v, ok := values[a.Name]
		if !ok {
			continue
		}
		var w []string
		switch a.Kind {
		case ArgText:
			w = strings.Fields(v.Text)
		case ArgSwitch:
			if v.On {
				w = []string{a.Word}
			}
		case ArgUser:
			if v.Self {
				if a.Word != "" {
					w = []string{a.Word}
				}
				break
			}
			fallthrough
		default:
			if t := strings.TrimSpace(v.Text); t != "" {
				w = []string{t}
			}
		}
		if len(w) > 0 && a.Prefix != "" && !slices.Contains(rest, a.Prefix) {
			w = append([]string{a.Prefix}, w...)
		}
		if a.First {
			first = append(first, w...)
		} else {
			rest = append(rest, w...)
		}
	}
	return append(first, rest...)
}

// Commands lists the commands in the order the platforms' menus show
// them.
var Commands = []Command{
	{Name: "new", Urgent: true, run: (*session).newGame, Args: []Arg{
		{Name: "variant", Desc: "arg_variant", Kind: ArgChoice, Required: true, Choices: gameChoices},
		{Name: "opponent", Desc: "arg_opponent", Kind: ArgUser, Word: "bot"},
		{Name: "level", Desc: "arg_level", Kind: ArgChoice, Choices: levelChoices, Prefix: "bot"},
		{Name: "options", Desc: "arg_options", Kind: ArgText, MaxLength: 200},
		// A table of four (Ruma) invites up to three: the two more come
		// last, so that the usual fields keep their places.
		{Name: "opponent2", Desc: "arg_opponent_more", Kind: ArgUser},
		{Name: "opponent3", Desc: "arg_opponent_more", Kind: ArgUser},
	}},
	// A text, not a number: a move may carry a direction ("6R").
	{Name: "move", Urgent: true, run: (*session).moveCommand, Args: []Arg{
		{Name: "pit", Desc: "arg_pit", Kind: ArgText, Required: true, MaxLength: 8},
	}},
	{Name: "accept", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.accept(nil) }},
	{Name: "decline", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.decline(nil) }},
	{Name: "join", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.join() }},
	{Name: "resign", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.resign() }},
	{Name: "draw", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.draw() }},
	{Name: "undo", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.undo() }},
	{Name: "rematch", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.rematch(nil) }},
	{Name: "claim", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.claim(nil) }},
	{Name: "abandon", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.abandon() }},
	{Name: "board", Urgent: true, run: func(s *session, _ []string) ([]Reply, error) { return s.board() }},
	{Name: "games", run: func(s *session, _ []string) ([]Reply, error) { return s.games() }},
	{Name: "notify", Setting: true, run: (*session).notify, Args: []Arg{
		{Name: "state", Desc: "arg_state", Kind: ArgChoice, Choices: onOffChoices},
	}},
	{Name: "replay", run: func(s *session, _ []string) ([]Reply, error) { return s.replay(nil) }},
	{Name: "review", run: func(s *session, _ []string) ([]Reply, error) { return s.review(nil) }},
	{Name: "game", run: func(s *session, _ []string) ([]Reply, error) { return s.gameRecord() }},
	{Name: "rules", run: (*session).rules, Args: []Arg{
		{Name: "variant", Desc: "arg_variant", Kind: ArgChoice, Choices: variantChoices},
	}},
	{Name: "variants", run: func(s *session, _ []string) ([]Reply, error) { return s.variants() }},
	{Name: "puzzle", run: (*session).puzzle, Args: []Arg{
		{Name: "answer", Desc: "arg_answer", Kind: ArgText, MaxLength: 200},
	}},
	{Name: "stats", run: func(s *session, _ []string) ([]Reply, error) { return s.stats() }},
	{Name: "top", run: (*session).top, Args: []Arg{
		{Name: "variant", Desc: "arg_variant", Kind: ArgChoice, Choices: ratedChoices},
		{Name: "global", Desc: "arg_global", Kind: ArgSwitch, Word: "global"},
	}},
	{Name: "lang", Setting: true, run: (*session).setLang, Args: []Arg{
		{Name: "language", Desc: "arg_lang", Kind: ArgChoice, Required: true, Choices: languageChoices},
		{Name: "channel", Desc: "arg_channel", Kind: ArgSwitch, Word: "channel", First: true},
	}},
	{Name: "help", run: func(s *session, _ []string) ([]Reply, error) { return s.help() }},
}

// commandByName indexes Commands. It is filled in init, as the handlers
// refer back to it through the texts they write (platformCommands).
var commandByName map[string]*Command

func init() {
	commandByName = map[string]*Command{}
	for i := range Commands {
		commandByName[Commands[i].Name] = &Commands[i]
	}
}

// CommandNamed returns the command called name (its English name, as
// Request.Command carries it), or nil.
func CommandNamed(name string) *Command { return commandByName[name] }

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
		key := "cmdname_" + sub[2]
		if _, ok := commandByName[sub[2]]; !ok || !locales.Has(l, key) {
			return m
		}
		return sub[1] + "/" + locales.Text(l, key, nil)
	})
}

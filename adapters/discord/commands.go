package discord

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/locales"
)

// The slash commands. Their English names are the bot's command names
// (bot.Request.Command); Discord always sends the English (default) names
// in interactions, whatever the user's language, so routing never depends
// on a translation.
//
// Option names and how they become bot arguments (see request.go):
//
//	/new variant [opponent] [level] [options] [opponent2] [opponent3]
//	                                           -> new VARIANT [<@ID> | bot [LEVEL]] [options...] [<@ID2> <@ID3>]
//	                                              (the two more opponents are for a table of four, Ruma)
//	/move pit                                  -> move PIT
//	/rules [variant]                           -> rules [VARIANT]
//	/lang language [channel]                   -> lang ru|da|pl|en, or lang channel LANG when channel is true
//	/puzzle [answer]                           -> puzzle [ANSWER words...] ("giveup", "streak", "3 1 2", ...)
//	/top [variant] [global]                    -> top [VARIANT] [global] (ratings of a game; everyone's when global is true)
//	/notify [state]                            -> notify [on|off]
//	/accept /decline /resign /draw /undo /rematch /claim /board /replay
//	/game /games /variants /stats /help        -> the command, no arguments
const (
	optVariant   = "variant"
	optOpponent  = "opponent"
	optOpponent2 = "opponent2"
	optOpponent3 = "opponent3"
	optLevel     = "level"
	optOptions   = "options"
	optPit       = "pit"
	optLanguage  = "language"
	optAnswer    = "answer"
	optChannel   = "channel"
	optGlobal    = "global"
	optState     = "state"
)

// discordLocales are the Discord locales the bot's languages map to.
// English is the default (unlocalized) text, which Discord shows for
// en-US, en-GB and every language the bot does not speak.
var discordLocales = map[locales.Lang]discordgo.Locale{
	locales.RU: discordgo.Russian,
	locales.DA: discordgo.Danish,
	locales.PL: discordgo.Polish,
}

// localizedLangs is the order in which localizations are built (for
// deterministic notes).
var localizedLangs = []locales.Lang{locales.RU, locales.DA, locales.PL}

// Localized command names come from the bot's command table
// (bot.Commands), which also gives the bot's router and texts their names,
// so a text names a command as the user's client shows it. Option names are
// below. The locales catalog's keys cmdname_<command> and argname_<option>,
// when present, win over both (see localName). A name that Discord would
// reject falls back to the English name for that locale, and registration
// logs it.
var optionLocalNames = map[string]map[locales.Lang]string{
	optVariant:   {locales.RU: "игра", locales.DA: "spil", locales.PL: "gra"},
	optOpponent:  {locales.RU: "соперник", locales.DA: "modstander", locales.PL: "przeciwnik"},
	optOpponent2: {locales.RU: "соперник2", locales.DA: "modstander2", locales.PL: "przeciwnik2"},
	optOpponent3: {locales.RU: "соперник3", locales.DA: "modstander3", locales.PL: "przeciwnik3"},
	optLevel:     {locales.RU: "уровень", locales.DA: "niveau", locales.PL: "poziom"},
	optOptions:   {locales.RU: "настройки", locales.DA: "valg", locales.PL: "opcje"},
	optPit:       {locales.RU: "лунка", locales.DA: "hul", locales.PL: "dołek"},
	optLanguage:  {locales.RU: "язык", locales.DA: "sprog", locales.PL: "język"},
	optAnswer:    {locales.RU: "ответ", locales.DA: "svar", locales.PL: "odpowiedź"},
	optChannel:   {locales.RU: "для_чата", locales.DA: "for_kanalen", locales.PL: "dla_czatu"},
	optGlobal:    {locales.RU: "везде", locales.DA: "overalt", locales.PL: "wszędzie"},
	optState:     {locales.RU: "состояние", locales.DA: "tilstand", locales.PL: "stan"},
}

// optionKeys are the locales keys of the option descriptions.
var optionKeys = map[string]string{
	optVariant: "arg_variant", optOpponent: "arg_opponent", optLevel: "arg_level",
	optOpponent2: "arg_opponent_more", optOpponent3: "arg_opponent_more",
	optOptions: "arg_options", optPit: "arg_pit", optLanguage: "arg_lang",
	optAnswer: "arg_answer", optChannel: "arg_channel", optGlobal: "arg_global", optState: "arg_state",
}

// DefaultLevels are the bot levels offered by /new when the Handler does
// not list its own (see LevelLister): the levels the locales name.
var DefaultLevels = []string{"beginner", "easy", "medium", "hard", "expert", "perfect"}

// LevelLister is implemented by a Handler that knows the bot's levels
// (weakest first); /new then offers exactly those.
type LevelLister interface {
	Levels() []string
}

// nameRE is Discord's rule for command and option names,
// ^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ (Go's regexp spells the
// scripts without sc=); the lower-case form must be used where one exists.
var nameRE = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

func validName(s string) bool { return nameRE.MatchString(s) && strings.ToLower(s) == s }

// Discord's limits for application commands
// (interactions/application-commands.mdx).
const (
	maxDescription = 100 // characters of a command's or option's description
	maxChoiceName  = 100 // characters of a choice's name
	// maxChoices is the most choices an option may offer: /new's, /rules'
	// and /top's variant lists must fit (19 variants today); commandTable
	// fails, and with it New, when one would not.
	maxChoices = 25
)

// clip shortens s to at most n characters, ending with "…" when cut.
// Characters are counted as UTF-16 code units, as contentLen counts them:
// never fewer than the code points Discord counts, so a clipped text fits
// whichever way a limit is counted.
func clip(s string, n int) string {
	if contentLen(s) <= n {
		return s
	}
	return s[:runeCut(s, n-1)] + "…"
}

// commandTable builds the slash commands. notes lists every localized name
// that could not be used (the English name stands in for that locale). It
// fails when an option would offer more than maxChoices choices: Discord
// would refuse the whole table, and dropping some would hide them without
// a word.
func commandTable(levels []string) (cmds []*discordgo.ApplicationCommand, notes []string, err error) {
	b := &tableBuilder{}
	for _, c := range bot.Commands {
		name := c.Name
		cmd := &discordgo.ApplicationCommand{
			Name:        name,
			Type:        discordgo.ChatApplicationCommand,
			Description: clip(locales.Text(locales.EN, "cmd_"+name, nil), maxDescription),
		}
		names, descs := b.localize("command /"+name, name, c.Local, "cmdname_"+name, "cmd_"+name)
		if len(names) > 0 {
			cmd.NameLocalizations = &names
		}
		if len(descs) > 0 {
			cmd.DescriptionLocalizations = &descs
		}
		cmd.Options = b.options(name, levels)
		for _, o := range cmd.Options {
			if len(o.Choices) > maxChoices {
				return nil, nil, fmt.Errorf("discord: /%s %s would offer %d choices; Discord allows %d", name, o.Name, len(o.Choices), maxChoices)
			}
		}
		cmds = append(cmds, cmd)
	}
	return cmds, b.notes, nil
}

type tableBuilder struct{ notes []string }

// localize returns the name and description localizations of a command
// or option.
func (b *tableBuilder) localize(what, name string, table map[locales.Lang]string, nameKey, descKey string) (names, descs map[discordgo.Locale]string) {
	names, descs = map[discordgo.Locale]string{}, map[discordgo.Locale]string{}
	for _, l := range localizedLangs {
		loc := discordLocales[l]
		if n, ok := localName(l, table, nameKey); ok {
			if validName(n) {
				names[loc] = n
			} else {
				b.notes = append(b.notes, fmt.Sprintf("%s: %s name %q is not a valid Discord name; %q is used", what, loc, n, name))
			}
		}
		if locales.Has(l, descKey) {
			descs[loc] = clip(locales.Text(l, descKey, nil), maxDescription)
		}
	}
	return names, descs
}

// localName is the name of a command or option in l: the locales key
// (cmdname_*, argname_*) when the catalog has it, else the table's.
func localName(l locales.Lang, table map[locales.Lang]string, key string) (string, bool) {
	if locales.Has(l, key) {
		return locales.Text(l, key, nil), true
	}
	n, ok := table[l]
	return n, ok
}

func (b *tableBuilder) option(cmd, name string, typ discordgo.ApplicationCommandOptionType, required bool) *discordgo.ApplicationCommandOption {
	key := optionKeys[name]
	o := &discordgo.ApplicationCommandOption{
		Type:        typ,
		Name:        name,
		Description: clip(locales.Text(locales.EN, key, nil), maxDescription),
		Required:    required,
	}
	names, descs := b.localize("option /"+cmd+" "+name, name, optionLocalNames[name], "argname_"+name, key)
	if len(names) > 0 {
		o.NameLocalizations = names
	}
	if len(descs) > 0 {
		o.DescriptionLocalizations = descs
	}
	return o
}

func (b *tableBuilder) options(cmd string, levels []string) []*discordgo.ApplicationCommandOption {
	switch cmd {
	case "new":
		variant := b.option(cmd, optVariant, discordgo.ApplicationCommandOptionString, true)
		variant.Choices = variantChoices(true)
		opponent := b.option(cmd, optOpponent, discordgo.ApplicationCommandOptionUser, false)
		level := b.option(cmd, optLevel, discordgo.ApplicationCommandOptionString, false)
		level.Choices = levelChoices(levels)
		options := b.option(cmd, optOptions, discordgo.ApplicationCommandOptionString, false)
		options.MaxLength = 200
		// A table of four (Ruma) invites up to three: the two more come
		// last, so that the usual fields keep their places.
		more2 := b.option(cmd, optOpponent2, discordgo.ApplicationCommandOptionUser, false)
		more3 := b.option(cmd, optOpponent3, discordgo.ApplicationCommandOptionUser, false)
		return []*discordgo.ApplicationCommandOption{variant, opponent, level, options, more2, more3}
	case "move":
		// A string, not a number: a move may carry a direction ("6R").
		pit := b.option(cmd, optPit, discordgo.ApplicationCommandOptionString, true)
		pit.MaxLength = 8
		return []*discordgo.ApplicationCommandOption{pit}
	case "rules":
		variant := b.option(cmd, optVariant, discordgo.ApplicationCommandOptionString, false)
		variant.Choices = variantChoices(false)
		return []*discordgo.ApplicationCommandOption{variant}
	case "lang":
		lang := b.option(cmd, optLanguage, discordgo.ApplicationCommandOptionString, true)
		for _, l := range locales.All {
			lang.Choices = append(lang.Choices, &discordgo.ApplicationCommandOptionChoice{Name: l.NativeName(), Value: string(l)})
		}
		channel := b.option(cmd, optChannel, discordgo.ApplicationCommandOptionBoolean, false)
		return []*discordgo.ApplicationCommandOption{lang, channel}
	case "notify":
		state := b.option(cmd, optState, discordgo.ApplicationCommandOptionString, false)
		for _, v := range []string{"on", "off"} {
			c := &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v, NameLocalizations: map[discordgo.Locale]string{}}
			for _, l := range localizedLangs {
				c.NameLocalizations[discordLocales[l]] = locales.Text(l, "notify_word_"+v, nil)
			}
			state.Choices = append(state.Choices, c)
		}
		return []*discordgo.ApplicationCommandOption{state}
	case "puzzle":
		answer := b.option(cmd, optAnswer, discordgo.ApplicationCommandOptionString, false)
		answer.MaxLength = 200
		return []*discordgo.ApplicationCommandOption{answer}
	case "top":
		variant := b.option(cmd, optVariant, discordgo.ApplicationCommandOptionString, false)
		variant.Choices = ratedChoices()
		global := b.option(cmd, optGlobal, discordgo.ApplicationCommandOptionBoolean, false)
		return []*discordgo.ApplicationCommandOption{variant, global}
	}
	return nil
}

// ratedChoices are the variants /top ranks by rating: those of two seats
// (not the solitaires, not Ruma's tables of four), as the bot rates them.
func ratedChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, c := range variantChoices(true) {
		v, err := engine.Lookup(c.Value.(string))
		if err != nil {
			continue
		}
		if rules, err := v.New(nil); err == nil && rules.Layout().Sides == 2 {
			out = append(out, c)
		}
	}
	return out
}

// variantChoices are the variants, named in each language; twoPlayer
// leaves out the solitaires (which /new refuses).
func variantChoices(twoPlayer bool) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, v := range engine.Variants() {
		if twoPlayer && v.Players == 1 {
			continue
		}
		c := &discordgo.ApplicationCommandOptionChoice{
			Name:  clip(locales.VariantName(locales.EN, v.ID), maxChoiceName),
			Value: v.ID,
		}
		c.NameLocalizations = map[discordgo.Locale]string{}
		for _, l := range localizedLangs {
			c.NameLocalizations[discordLocales[l]] = clip(locales.VariantName(l, v.ID), maxChoiceName)
		}
		out = append(out, c)
	}
	return out
}

func levelChoices(levels []string) []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, lvl := range levels {
		name := lvl
		if locales.Has(locales.EN, "level_"+lvl) {
			name = locales.Text(locales.EN, "level_"+lvl, nil)
		}
		c := &discordgo.ApplicationCommandOptionChoice{Name: clip(name, maxChoiceName), Value: lvl}
		c.NameLocalizations = map[discordgo.Locale]string{}
		for _, l := range localizedLangs {
			if locales.Has(l, "level_"+lvl) {
				c.NameLocalizations[discordLocales[l]] = clip(locales.Text(l, "level_"+lvl, nil), maxChoiceName)
			}
		}
		out = append(out, c)
	}
	return out
}

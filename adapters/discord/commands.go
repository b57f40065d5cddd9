package discord

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// The slash commands are the bot's command table, bot.Commands: each
// command with its arguments (bot.Arg) as options, in the table's order.
// Their English names are the bot's command names (bot.Request.Command);
// Discord always sends the English (default) names in interactions,
// whatever the user's language, so routing never depends on a
// translation. The options' values become the words the bot parses by
// bot.Command.Words (see request.go).

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

// Localized names and descriptions come from the locales catalog:
// cmdname_<command> and argname_<option> name a command and an option in
// each language, cmd_<command> and the argument's bot.Arg.Desc describe
// them. A name that Discord would reject falls back to the English name
// for that locale, and registration logs it.

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
		names, descs := b.localize("command /"+name, name, "cmdname_"+name, "cmd_"+name)
		if len(names) > 0 {
			cmd.NameLocalizations = &names
		}
		if len(descs) > 0 {
			cmd.DescriptionLocalizations = &descs
		}
		for _, a := range c.Args {
			o := b.option(name, a, levels)
			if len(o.Choices) > maxChoices {
				return nil, nil, fmt.Errorf("discord: /%s %s would offer %d choices; Discord allows %d", name, o.Name, len(o.Choices), maxChoices)
			}
			cmd.Options = append(cmd.Options, o)
		}
		cmds = append(cmds, cmd)
	}
	return cmds, b.notes, nil
}

type tableBuilder struct{ notes []string }

// localize returns the name and description localizations of a command
// or option: the catalog's nameKey and descKey in each language.
func (b *tableBuilder) localize(what, name, nameKey, descKey string) (names, descs map[discordgo.Locale]string) {
	names, descs = map[discordgo.Locale]string{}, map[discordgo.Locale]string{}
	for _, l := range localizedLangs {
		loc := discordLocales[l]
		if locales.Has(l, nameKey) {
			if n := locales.Text(l, nameKey, nil); validName(n) {
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

// optionTypes are the Discord option types of the bot's argument kinds.
var optionTypes = map[bot.ArgKind]discordgo.ApplicationCommandOptionType{
	bot.ArgText:    discordgo.ApplicationCommandOptionString,
	bot.ArgChoice:  discordgo.ApplicationCommandOptionString,
	bot.ArgInteger: discordgo.ApplicationCommandOptionInteger,
	bot.ArgUser:    discordgo.ApplicationCommandOptionUser,
	bot.ArgSwitch:  discordgo.ApplicationCommandOptionBoolean,
}

// option is argument a of command cmd as a slash command option.
func (b *tableBuilder) option(cmd string, a bot.Arg, levels []string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{
		Type:        optionTypes[a.Kind],
		Name:        a.Name,
		Description: clip(locales.Text(locales.EN, a.Desc, nil), maxDescription),
		Required:    a.Required,
		MaxLength:   a.MaxLength,
	}
	names, descs := b.localize("option /"+cmd+" "+a.Name, a.Name, "argname_"+a.Name, a.Desc)
	if len(names) > 0 {
		o.NameLocalizations = names
	}
	if len(descs) > 0 {
		o.DescriptionLocalizations = descs
	}
	if a.Choices != nil {
		for _, c := range a.Choices(levels) {
			o.Choices = append(o.Choices, choice(c))
		}
	}
	return o
}

// choice is one of an option's choices, its names clipped to Discord's
// limit.
func choice(c bot.ArgOption) *discordgo.ApplicationCommandOptionChoice {
	out := &discordgo.ApplicationCommandOptionChoice{Name: clip(c.Name, maxChoiceName), Value: c.Value}
	for l, n := range c.Local {
		if loc, ok := discordLocales[l]; ok {
			if out.NameLocalizations == nil {
				out.NameLocalizations = map[discordgo.Locale]string{}
			}
			out.NameLocalizations[loc] = clip(n, maxChoiceName)
		}
	}
	return out
}

package discord

import (
	"slices"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
)

// opt is a command option as Discord sends it in an interaction: strings
// and user ids as strings, integers as float64, booleans as bool.
func opt(name string, v any) *discordgo.ApplicationCommandInteractionDataOption {
	o := &discordgo.ApplicationCommandInteractionDataOption{Name: name, Value: v}
	switch v.(type) {
	case string:
		o.Type = discordgo.ApplicationCommandOptionString
	case float64:
		o.Type = discordgo.ApplicationCommandOptionInteger
	case bool:
		o.Type = discordgo.ApplicationCommandOptionBoolean
	}
	return o
}

// The words each command's options become, in the order the bot's typed
// syntax has them. "1180" is the bot itself.
func TestCommandArgs(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts []*discordgo.ApplicationCommandInteractionDataOption
		want []string
	}{
		{"new", nil, nil},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah")}, []string{"kalah"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", " oware "), opt("opponent", "7")}, []string{"oware", "<@7>"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("opponent", "1180"), opt("level", "hard")}, []string{"kalah", "bot", "hard"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("level", "hard"), opt("variant", "kalah")}, []string{"kalah", "bot", "hard"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("opponent", "7"), opt("level", "easy")}, []string{"kalah", "<@7>", "bot", "easy"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("opponent", "1180")}, []string{"kalah", "bot"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("options", " second  seeds=5 ")}, []string{"kalah", "second", "seeds=5"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{
			opt("opponent3", "9"), opt("opponent2", "8"), opt("variant", "ruma"), opt("opponent", "7"), opt("options", "x=1"),
		}, []string{"ruma", "<@7>", "x=1", "<@8>", "<@9>"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "ruma"), opt("opponent2", "1180"), opt("opponent3", "9")}, []string{"ruma", "<@9>"}},
		{"new", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah"), opt("opponent", "")}, []string{"kalah"}},
		{"move", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", "3")}, []string{"3"}},
		{"move", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", " 6R ")}, []string{"6R"}},
		{"move", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", "6 R")}, []string{"6", "R"}},
		{"move", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", 4.0)}, []string{"4"}},
		{"move", nil, nil},
		{"rules", nil, nil},
		{"rules", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "bao")}, []string{"bao"}},
		{"lang", []*discordgo.ApplicationCommandInteractionDataOption{opt("language", "ru")}, []string{"ru"}},
		{"lang", []*discordgo.ApplicationCommandInteractionDataOption{opt("language", "pl"), opt("channel", true)}, []string{"channel", "pl"}},
		{"lang", []*discordgo.ApplicationCommandInteractionDataOption{opt("language", "pl"), opt("channel", false)}, []string{"pl"}},
		{"puzzle", nil, nil},
		{"puzzle", []*discordgo.ApplicationCommandInteractionDataOption{opt("answer", "3 1  2")}, []string{"3", "1", "2"}},
		{"puzzle", []*discordgo.ApplicationCommandInteractionDataOption{opt("answer", "giveup")}, []string{"giveup"}},
		{"top", nil, nil},
		{"top", []*discordgo.ApplicationCommandInteractionDataOption{opt("global", true)}, []string{"global"}},
		{"top", []*discordgo.ApplicationCommandInteractionDataOption{opt("global", true), opt("variant", "oware")}, []string{"oware", "global"}},
		{"top", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "oware"), opt("global", false)}, []string{"oware"}},
		{"notify", nil, nil},
		{"notify", []*discordgo.ApplicationCommandInteractionDataOption{opt("state", "off")}, []string{"off"}},
		{"help", nil, nil},
		// An option the command does not have is ignored.
		{"help", []*discordgo.ApplicationCommandInteractionDataOption{opt("variant", "kalah")}, nil},
		{"board", []*discordgo.ApplicationCommandInteractionDataOption{opt("pit", "3")}, nil},
	} {
		data := discordgo.ApplicationCommandInteractionData{Name: tt.name, Options: tt.opts}
		if got := commandArgs(data, []string{"1180"}); !slices.Equal(got, tt.want) {
			var in []string
			for _, o := range tt.opts {
				in = append(in, o.Name)
			}
			t.Errorf("/%s %v: args %q, want %q", tt.name, in, got, tt.want)
		}
	}
}

// Every argument of every command in the bot's table is registered as an
// option of its kind, and every value it may take comes back from an
// interaction as the words the bot parses: a choice as its value, text
// as its words, a number in decimal, a user as the mention, a switch as
// its word.
func TestEveryArgumentRoundTrips(t *testing.T) {
	cmds, _, err := commandTable(DefaultLevels)
	if err != nil {
		t.Fatal(err)
	}
	registered := map[string]*discordgo.ApplicationCommand{}
	for _, c := range cmds {
		registered[c.Name] = c
	}
	for _, c := range bot.Commands {
		rc := registered[c.Name]
		if rc == nil {
			t.Errorf("/%s is not registered", c.Name)
			continue
		}
		if len(rc.Options) != len(c.Args) {
			t.Errorf("/%s: %d options for %d arguments", c.Name, len(rc.Options), len(c.Args))
			continue
		}
		// required are the required options, given their first value.
		var required []*discordgo.ApplicationCommandInteractionDataOption
		for i, a := range c.Args {
			o := rc.Options[i]
			if o.Name != a.Name || o.Type != optionTypes[a.Kind] || o.Required != a.Required {
				t.Errorf("/%s option %d: %s of type %d (required %v), want argument %s of kind %d", c.Name, i, o.Name, o.Type, o.Required, a.Name, a.Kind)
			}
			if a.Required {
				required = append(required, sampleValues(o, a)[0].opt)
			}
		}
		for i, a := range c.Args {
			for _, s := range sampleValues(rc.Options[i], a) {
				opts := []*discordgo.ApplicationCommandInteractionDataOption{s.opt}
				for _, r := range required {
					if r.Name != a.Name {
						opts = append(opts, r)
					}
				}
				got := commandArgs(discordgo.ApplicationCommandInteractionData{Name: c.Name, Options: opts}, []string{"1180"})
				if !containsRun(got, s.want) {
					t.Errorf("/%s %s=%v: args %q lack %q", c.Name, a.Name, s.opt.Value, got, s.want)
				}
			}
		}
	}
}

type sample struct {
	opt  *discordgo.ApplicationCommandInteractionDataOption
	want []string // the words it must give, in a row
}

// sampleValues are values option o of argument a may take, with the words
// each must give: every choice, or one value of its kind.
func sampleValues(o *discordgo.ApplicationCommandOption, a bot.Arg) []sample {
	if len(o.Choices) > 0 {
		var out []sample
		for _, c := range o.Choices {
			out = append(out, sample{opt(o.Name, c.Value), []string{c.Value.(string)}})
		}
		return out
	}
	switch o.Type {
	case discordgo.ApplicationCommandOptionString:
		return []sample{{opt(o.Name, "3 seeds=5"), []string{"3", "seeds=5"}}}
	case discordgo.ApplicationCommandOptionInteger:
		return []sample{{opt(o.Name, 7.0), []string{"7"}}}
	case discordgo.ApplicationCommandOptionUser:
		u := opt(o.Name, "4242")
		u.Type = discordgo.ApplicationCommandOptionUser
		return []sample{{u, []string{"<@4242>"}}}
	case discordgo.ApplicationCommandOptionBoolean:
		return []sample{{opt(o.Name, true), []string{a.Word}}}
	}
	return []sample{{opt(o.Name, nil), []string{"(an option of type " + strconv.Itoa(int(o.Type)) + ")"}}}
}

// containsRun reports whether want occurs in words, in a row.
func containsRun(words, want []string) bool {
	for i := 0; i+len(want) <= len(words); i++ {
		if slices.Equal(words[i:i+len(want)], want) {
			return true
		}
	}
	return false
}

package discord

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// Platform is bot.Request.Platform for Discord: games are keyed by it and
// the channel id.
const Platform = "discord"

// interactionKind is what the user did.
type interactionKind int

const (
	kindOther     interactionKind = iota // ping, autocomplete, modal: not for the bot
	kindCommand                          // a slash command
	kindComponent                        // a button press
)

func kindOf(i *discordgo.Interaction) interactionKind {
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		if _, ok := i.Data.(discordgo.ApplicationCommandInteractionData); ok {
			return kindCommand
		}
	case discordgo.InteractionMessageComponent:
		if _, ok := i.Data.(discordgo.MessageComponentInteractionData); ok {
			return kindComponent
		}
	}
	return kindOther
}

// toRequest turns an interaction into the bot's request. self holds the
// ids that stand for the bot itself (the application id and the bot
// user's id): choosing the bot as /new's opponent means a game against the
// bot. ok is false for an interaction the bot does not handle.
func toRequest(i *discordgo.Interaction, self ...string) (req bot.Request, ok bool) {
	kind := kindOf(i)
	u := userOf(i)
	if kind == kindOther || u == nil || u.ID == "" {
		return bot.Request{}, false
	}
	req = bot.Request{
		Platform: Platform,
		Channel:  i.ChannelID,
		User: bot.User{
			ID:      u.ID,
			Name:    displayName(i, u),
			Locale:  string(i.Locale),
			Mention: "<@" + u.ID + ">",
		},
		CanManage:   canManage(i),
		EventID:     i.ID,
		ChannelLink: channelLink(i.GuildID, i.ChannelID),
	}
	if i.GuildLocale != nil {
		req.ChannelLocale = string(*i.GuildLocale)
	}
	if kind == kindComponent {
		req.Button = i.MessageComponentData().CustomID
		return req, true
	}
	data := i.ApplicationCommandData()
	req.Command = data.Name
	req.Args = commandArgs(data, self)
	return req, true
}

// userOf is who acted: the member's user in a guild, the user in a DM.
func userOf(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

// displayName is the name people see: the guild nickname, else the global
// display name, else the user name. Asterisks are dropped, because the
// bot's texts use them for bold.
func displayName(i *discordgo.Interaction, u *discordgo.User) string {
	name := u.Username
	if u.GlobalName != "" {
		name = u.GlobalName
	}
	if i.Member != nil && i.Member.Nick != "" {
		name = i.Member.Nick
	}
	// No bot markup, no control or bidirectional formatting characters.
	return locales.CleanText(strings.ReplaceAll(name, "*", ""), false)
}

// commandArgs turns a command's options into the bot's arguments, in the
// order the bot's typed syntax has them (bot.Command.Words): strings and
// integers as they are, booleans as on or off, users as their mentions,
// the bot itself (one of the ids in self) marked as such. An option the
// command does not have is ignored.
func commandArgs(data discordgo.ApplicationCommandInteractionData, self []string) []string {
	c := bot.CommandNamed(data.Name)
	if c == nil {
		return nil
	}
	kinds := map[string]bot.ArgKind{}
	for _, a := range c.Args {
		kinds[a.Name] = a.Kind
	}
	values := map[string]bot.ArgValue{}
	for _, o := range data.Options {
		if o == nil {
			continue
		}
		kind, ok := kinds[o.Name]
		if !ok {
			continue
		}
		var v bot.ArgValue
		switch x := o.Value.(type) {
		case string:
			v.Text = x
		case float64:
			v.Text = strconv.FormatInt(int64(x), 10)
		case bool:
			v.On = x
		}
		if kind == bot.ArgUser {
			id := strings.TrimSpace(v.Text)
			if id == "" {
				continue
			}
			v = bot.ArgValue{Text: "<@" + id + ">", Self: slices.Contains(self, id)}
		}
		values[o.Name] = v
	}
	return c.Words(values)
}

// managePermissions are the permissions that let a member change the
// channel's settings: Administrator, Manage Channels, Manage Server.
const managePermissions = discordgo.PermissionAdministrator | discordgo.PermissionManageChannels | discordgo.PermissionManageGuild

// channelLink is Request.ChannelLink: the channel's link in its guild
// ("@me" for a DM); a message's link adds "/" and its id.
func channelLink(guild, channel string) string {
	if guild == "" {
		guild = "@me"
	}
	return "https://discord.com/channels/" + guild + "/" + channel
}

// canManage is Request.CanManage: whether the member's permissions in
// the interaction's channel (Discord sends them resolved) include one of
// managePermissions; always true in a DM.
func canManage(i *discordgo.Interaction) func(context.Context) bool {
	ok := false
	switch {
	case i.Member != nil:
		ok = i.Member.Permissions&managePermissions != 0
	case i.GuildID == "":
		ok = true // a DM: the user's own channel
	}
	return func(context.Context) bool { return ok }
}

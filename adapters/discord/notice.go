package discord

import (
	"context"
	"errors"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
	"github.com/mancala-bot/mancala/locales"
)

// splitNotices separates the turn notifications (bot.Notice) from the
// other replies.
func splitNotices(replies []bot.Reply) (rest, notices []bot.Reply) {
	for _, r := range replies {
		if r.Notice != nil {
			notices = append(notices, r)
		} else {
			rest = append(rest, r)
		}
	}
	return rest, notices
}

// withoutPings drops from msgs' pings the users the notices ping: a new
// board that names the player to move would notify them a second time.
func withoutPings(msgs []outMsg, notices []bot.Reply) []outMsg {
	for _, n := range notices {
		if n.Text == "" {
			continue
		}
		for i := range msgs {
			msgs[i].ping = slices.DeleteFunc(slices.Clone(msgs[i].ping), func(id string) bool { return id == n.Notice.Ping.ID })
		}
	}
	return msgs
}

// notice carries out a turn notification in channel (see bot.Notice): it
// deletes the message it replaces, then posts its text as a channel
// message of the bot's own that notifies only the pinged user, reports the
// new message's id to Done and deletes the messages Done gives back. A
// deletion of a message already gone counts as done; another failure is
// logged. A post that fails after the retries is logged and returned;
// Done is then not called.
func (a *Adapter) notice(ctx context.Context, channel string, r bot.Reply) error {
	n := r.Notice
	a.deleteNotice(ctx, channel, n.Replaces)
	if r.Text == "" {
		return nil
	}
	send := &discordgo.MessageSend{
		Content: clip(locales.ForDiscord(r.Text), maxContent),
		// Exactly the player to move may be notified.
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: []string{n.Ping.ID}},
	}
	var m *discordgo.Message
	err := a.retry(ctx, "notice", channel, func(ctx context.Context) error {
		var err error
		m, err = a.rest.ChannelMessageSendComplex(channel, send, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		a.log.Error("discord: turn notice not sent", "channel", channel, "err", err)
		return err
	}
	if n.Done != nil {
		for _, id := range n.Done(m.ID) {
			a.deleteNotice(ctx, channel, id)
		}
	}
	return nil
}

// deleteNotice deletes the notice id in channel, when id is set: a message
// already gone counts as deleted; another failure is logged.
func (a *Adapter) deleteNotice(ctx context.Context, channel, id string) {
	if id == "" {
		return
	}
	err := a.retry(ctx, "delete notice", channel, func(ctx context.Context) error {
		return a.rest.ChannelMessageDelete(channel, id, discordgo.WithContext(ctx))
	})
	if err != nil && !unknownMessage(err) {
		a.log.Warn("discord: old turn notice not deleted", "channel", channel, "message", id, "err", err)
	}
}

// unknownMessage reports Discord's 404 Unknown Message (10008): the
// message is gone already.
func unknownMessage(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		return false
	}
	if re.Message != nil && re.Message.Code == discordgo.ErrCodeUnknownMessage {
		return true
	}
	return re.Response != nil && re.Response.StatusCode == 404
}

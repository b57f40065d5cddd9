package discord

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/mancala-bot/mancala/bot"
)

// The board app (issue #29) is the application's Discord Activity
// (package miniapp/app, behind Discord's proxy). With Config.Activity, a
// board carrying bot.Reply.App gets a blue "🎯 Open board" button
// (custom_id "o:" and the game's page id) beside the page's link, in a
// row of their own under the board's buttons (or at the end of the last
// row when the board fills five rows). Its press never reaches the bot:
// the adapter answers it with interaction response type 12,
// LAUNCH_ACTIVITY, which has no data; the Activity then shows the
// channel's game (it asks our server, with the channel id the Embedded
// App SDK gives it). A press without Config.Activity (a button left from
// before the setting was turned off) goes to the bot, which refuses it
// as a button it does not know.

// interactionLaunchActivity is response type 12 (LAUNCH_ACTIVITY), which
// discordgo v0.29 does not name.
const interactionLaunchActivity discordgo.InteractionResponseType = 12

// launchActivity answers the press of the board app's button with
// LAUNCH_ACTIVITY, retried like any response; a failure is logged (the
// user can press again).
func (a *Adapter) launchActivity(ctx context.Context, i *discordgo.Interaction) {
	err := a.retry(ctx, "launch activity", i.ChannelID, func(ctx context.Context) error {
		err := a.respond(ctx, i, &discordgo.InteractionResponse{Type: interactionLaunchActivity})
		if alreadyAcked(err) {
			return nil // an earlier try got through
		}
		return err
	})
	if err != nil {
		a.log.Error("discord: could not launch the Activity", "interaction", i.ID, "channel", i.ChannelID, "err", err)
		return
	}
	a.log.Debug("discord: Activity launched", "interaction", i.ID, "channel", i.ChannelID)
}

// withApp is replies without their App when the Activity is off.
func (a *Adapter) withApp(replies []bot.Reply) []bot.Reply {
	if a.cfg.Activity {
		return replies
	}
	var out []bot.Reply
	for i, r := range replies {
		if r.App == nil {
			continue
		}
		if out == nil {
			out = append([]bot.Reply(nil), replies...)
		}
		out[i].App = nil
	}
	if out == nil {
		return replies
	}
	return out
}

package telegram

import (
	"context"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// The typing indicator: when the bot takes longer than Config.TypingAfter
// to answer an update (it is thinking on its move), the chat shows that it
// is typing (sendChatAction with action "typing", in the update's topic),
// instead of silence. Telegram shows the status for 5 seconds at most, or
// until the bot's next message, so it is sent again every typingRepeat
// while the handler runs. It is a courtesy: it is not paced with the
// chat's messages, not retried, and a failure is only logged.

// DefaultTypingAfter is Config.TypingAfter's default: an answer within a
// second needs no indicator.
const DefaultTypingAfter = time.Second

// typingRepeat renews the status before Telegram's 5 seconds end.
const typingRepeat = 4 * time.Second

// typing shows the indicator in dst from Config.TypingAfter on, until the
// returned stop is called (when the handler has returned). stop waits for
// a sendChatAction under way, so that none is sent after the replies.
func (a *Adapter) typing(ctx context.Context, dst target) (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		wait := a.cfg.TypingAfter
		for {
			if wait > 0 {
				t := time.NewTimer(wait)
				select {
				case <-done:
					t.Stop()
					return
				case <-ctx.Done():
					t.Stop()
					return
				case <-t.C:
				}
			}
			select {
			case <-done:
				return
			default:
			}
			p := tgbotapi.Params{"action": "typing"}
			p.AddFirstValid("chat_id", dst.chat)
			p.AddNonZero("message_thread_id", dst.thread)
			if _, err := a.request(ctx, "sendChatAction", p, nil, nil); err != nil {
				a.log.DebugContext(ctx, "sendChatAction failed", "channel", dst.channel(), "err", err)
			}
			wait = typingRepeat
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

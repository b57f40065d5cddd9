// Package bot is the platform-neutral chat bot: it takes commands from a
// chat (Discord, Telegram or the terminal), drives the engine, keeps every
// game in a Store keyed by channel, and answers with localized text, a board
// image and buttons, as values the adapters translate.
package bot

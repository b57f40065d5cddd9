package main

import "github.com/mancala-bot/mancala/bot"

// defaultOpponent is the bot's opponent in serve.
func defaultOpponent() bot.Opponent { return bot.SimpleOpponent{} }

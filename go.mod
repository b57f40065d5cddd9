module github.com/mancala-bot/mancala

go 1.26

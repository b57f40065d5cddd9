package bot

// OnReviewComputed makes b call f at each review it computes (not at those
// it serves from its cache), with the game's id, before the computation:
// f may block it.
func OnReviewComputed(b *Bot, f func(game int64)) { b.reviews.computed = f }

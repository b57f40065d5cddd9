package store

import "time"

// EventLifetime is how long a claimed event is remembered (ClaimEvent): a
// platform redelivers an event within minutes (Telegram's webhook retries,
// Discord's interactions expire after 15 minutes), so a day is ample.
const EventLifetime = 24 * time.Hour

// PruneBatch bounds the expired event records one ClaimEvent deletes, so
// that a claim costs the same whatever piled up; as each claim adds one
// record, pruning keeps up.
const PruneBatch = 100

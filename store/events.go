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

// Claim is what ClaimEvent found for an event.
type Claim int

const (
	// Claimed: the caller has the event and handles it: its first claim,
	// or one taken over from a handling that did not finish within its
	// lease (its process died).
	Claimed Claim = iota
	// Finished: the event was handled before (a duplicate); drop it.
	Finished
	// InProgress: another handling of the event has not finished and its
	// lease has not expired: it may still be running, or its process
	// died less than a lease ago. The event must not be acknowledged to
	// the platform, so that it comes again.
	InProgress
)

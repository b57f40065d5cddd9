package generic

func init() {
	// bao-kenya sows into the mover's store like Kalah (K3, K5); in
	// bao-laps the stores only hold captures and the seeds left on a side
	// go to its owner at the end (L8), which is what evalPlain counts.
	registerEval("bao-kenya", variantEval{eval: evalStore})
	registerEval("bao-laps", variantEval{eval: evalPlain})
}

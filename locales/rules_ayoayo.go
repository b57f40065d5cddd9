package locales

func init() {
	// engine/ayoayo.go; docs/sources/more-games-rules.md section 3.
	registerRules("ayoayo", &ruleSet{
		args: func(o map[string]string) map[string]any {
			n := atoi(o["pits"])
			// 5a: more than half of 8n, and captures come in fours.
			return map[string]any{"Pits": n, "Seeds": 4, "Total": 8 * n, "Win": 4*n + 4, "Half": 4 * n, "N": n}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_ayoayo_setup"},
				{"rules_h_sowing", "rules_ayoayo_sowing"},
				{"rules_h_capture", "rules_ayoayo_capture_" + o["capture"]},
				{"rules_h_never_ending", "rules_ayoayo_never"},
				{"rules_h_end", pick(o["starve"] == "true", "rules_ayoayo_end_starve", "rules_ayoayo_end_pass")},
			}
		},
	})
}

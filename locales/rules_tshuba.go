package locales

func init() {
	// engine/tshuba.go; docs/sources/more-games-rules.md section 11.
	registerRules("tshuba", &ruleSet{
		bot: "rules_bot_tshuba",
		args: func(o map[string]string) map[string]any {
			c := atoi(o["cols"])
			return map[string]any{"Pits": c, "N": 2 * c}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_tshuba_setup"},
				{"rules_h_sowing", "rules_tshuba_sowing"},
				{"rules_h_capture", pick(o["take_single_outer"] == "true", "rules_tshuba_capture_single", "rules_tshuba_capture")},
				{"rules_h_tshuba_bonus", "rules_tshuba_bonus_" + o["bonus"]},
				{"rules_h_endless", "rules_tshuba_endless"},
				{"rules_h_end", "rules_tshuba_end"},
			}
		},
	})
}

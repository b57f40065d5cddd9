package locales

func init() {
	registerRules("oware", &ruleSet{
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 12 * s, "Win": 6*s + 1, "Half": 6 * s, "N": 6}
		},
		sections: func(o map[string]string) [][2]string {
			// With cross-sowing the sowing section says both ways (a
			// section of its own would take the Polish text past
			// Discord's 2000 characters).
			return [][2]string{
				{"rules_h_setup", "rules_oware_setup"},
				{"rules_h_sowing", pick(o["cross"] == "true", "rules_oware_sowing_cross", "rules_oware_sowing")},
				{"rules_h_capture", "rules_oware_capture"},
				{"rules_h_feeding", "rules_oware_feeding"},
				{"rules_h_grand_slam", "rules_oware_grand_slam_" + o["grand_slam"]},
				{"rules_h_end", pick(o["repetition"] == "first", "rules_oware_end_first", "rules_oware_end")},
			}
		},
	})
}

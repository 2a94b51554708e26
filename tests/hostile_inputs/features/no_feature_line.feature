This file has no Feature line.
Given a game between Alice and Bob

# only a comment, and no Feature line

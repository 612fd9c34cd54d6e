/** Shared GraphQL fragments for the blog's templates (the fields each mapper in blogView.ts reads). */
import { graphql } from "gatsby";

export const blogFragments = graphql`
  fragment PostCard on BlogPost {
    id
    path
    title
    description
    date
    dateLabel
    timeToRead
    locale
    heroAlt
    hero {
      childImageSharp {
        gatsbyImageData(width: 766, quality: 50, placeholder: BLURRED, formats: [AUTO, WEBP])
      }
    }
    tags {
      key
      label
      path
    }
    authors {
      name
    }
  }

  fragment AuthorFields on Author {
    key
    path
    name
    role
    bio
    links {
      label
      url
    }
    photo {
      childImageSharp {
        gatsbyImageData(
          width: 112
          height: 112
          quality: 50
          placeholder: BLURRED
          formats: [AUTO, WEBP]
        )
      }
    }
  }
`;
